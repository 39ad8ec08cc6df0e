/**
 * `npm run db:seed`: load content/ (CONTENT_DIR) into the configured database. Safe to repeat:
 * pages and events are updated in place, announcements replaced; accounts and payments are
 * untouched, and so is everything staff changed in the back office.
 */
import { ConfigError, loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedContent } from '../server/db/seed';

try {
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db, config.database.kind);
    const summary = await seedContent(db, config.contentDir);
    console.log(`Loaded ${summary.pages} pages, ${summary.events} events and ${summary.announcements} announcements from ${config.contentDir}.`);
    if (summary.keptStaffEdits.length > 0) {
      console.log(`Kept what staff changed in the back office (not overwritten): ${summary.keptStaffEdits.join(', ')}.`);
    }
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Seeding failed: ${(error as Error).message}`);
  process.exit(1);
}
