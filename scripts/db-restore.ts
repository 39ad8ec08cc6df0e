/**
 * `npm run db:restore -- FILE [--force]`: restores a backup made by `npm run db:backup` into the
 * configured database, which must be empty unless --force (then everything in it is replaced).
 * Stop the site first. ADR 033, docs/operations.md "Practise a restore".
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { restoreBackup } from '../server/ops/restore';

const USAGE = 'Usage: npm run db:restore -- FILE [--force]   (FILE: a backup made by npm run db:backup; --force replaces a database that is not empty)';

let file: string;
let force: boolean;
try {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  if (positionals.length !== 1) throw new Error('one backup file');
  file = path.resolve(positionals[0]!);
  force = values.force;
} catch {
  console.error(USAGE);
  process.exit(2);
}

try {
  const config = loadConfig();
  const report = await restoreBackup(config, file, { force });
  const { counts } = report;
  console.log(`Restored ${file} into ${report.target}${report.replaced ? ', replacing what it held' : ''}.`);
  console.log(
    `It holds ${counts.payments} payments (${counts.donations} donations, ${counts.signups} sign-ups, ${counts.refunds} refunds), ${counts.users} accounts and ${counts.media} uploads.`,
  );
  if (report.bucketFiles > 0) console.log(`Put ${report.bucketFiles} files of uploads back in the media bucket.`);
  console.log(report.migrated.length > 0 ? `Brought up to date by this version's migrations: ${report.migrated.join(', ')}.` : 'Its schema is this version’s: no migration was needed.');
  if (report.otherSessions > 0) {
    console.warn(`Warning: ${report.otherSessions} other connections to the database were open during the restore. Restart every instance of the site now.`);
  }
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
