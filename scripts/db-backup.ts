/**
 * `npm run db:backup`: a consistent copy of the configured database, taken while the site runs, in
 * BACKUP_DIR (default DATA_DIR/backups) as foundation-<UTC date and time>.sqlite or .pgdump (.tar
 * when uploads kept in the media bucket are inside); then the oldest beyond BACKUP_KEEP are deleted.
 * ADR 033, docs/operations.md "Backups".
 */
import { ConfigError, loadConfig } from '../server/config';
import { makeBackup } from '../server/ops/backup';
import { formatBytes } from '../server/ops/backup-files';

if (process.argv.length > 2) {
  console.error('Usage: npm run db:backup   (no arguments: the settings say what to back up and where; see .env.example)');
  process.exit(2);
}

try {
  const config = loadConfig();
  const report = await makeBackup(config);
  const bucket = report.bucketFiles > 0 ? `, with ${report.bucketFiles} files of uploads from the media bucket` : '';
  console.log(`Backup written: ${report.file} (${formatBytes(report.bytes)}${bucket}).`);
  if (report.missingFromBucket.length > 0) {
    const shown = report.missingFromBucket.slice(0, 5).join(', ');
    console.warn(
      `Warning: ${report.missingFromBucket.length} files that uploads list were not in the media bucket, so they are not in the backup: ${shown}${report.missingFromBucket.length > 5 ? ', …' : ''}.`,
    );
  }
  if (report.removed.length > 0) {
    console.log(`Deleted ${report.removed.length} older ${report.removed.length === 1 ? 'backup' : 'backups'} (BACKUP_KEEP=${config.backup.keep}): ${report.removed.join(', ')}.`);
  }
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(`Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
