/** `npm run db:migrate`: bring the configured database (DATABASE_URL or the SQLite default) up to date. */
import { ConfigError, loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';

try {
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    const applied = await migrateToLatest(db, config.database.kind);
    console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is already up to date.');
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migration failed: ${(error as Error).message}`);
  process.exit(1);
}
