import { mkdtempSync, openSync, readSync, closeSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppConfig } from '../config';
import { createDatabase, type DatabaseTarget } from '../db/database';
import { listTables, otherSessions, refreshStatistics, rowCounts } from '../db/database-tables';
import { migrateToLatest } from '../db/migrate';
import { s3MediaStore } from '../domain/media/s3-media-store';
import { bucketFilesIn, putBucketFiles, type BucketFile } from './bucket-archive';
import { BackupError } from './backup-error';
import type { BackupFormat } from './backup-files';
import { checkPostgresArchive, restorePostgres } from './postgres-archive';
import { withoutPassword } from './postgres-tools';
import { checkSqliteBackup, copySqlite } from './sqlite-copy';
import { extractTarEntry, listTar, looksLikeTar, TarError, type TarEntry } from './tar';

const SUMMARY_TABLES = ['payments', 'donations', 'signups', 'refunds', 'users', 'media'] as const;

export interface RestoreReport {
  target: string;
  replaced: boolean;
  /** Applied after the restore. */
  migrated: string[];
  counts: Record<(typeof SUMMARY_TABLES)[number], number>;
  bucketFiles: number;
  /** Instances left running. */
  otherSessions: number;
}

interface OpenedBackup {
  format: BackupFormat;
  database: string;
  bucketFiles: (BucketFile & { entry: TarEntry })[];
  close(): void;
}

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
const PGDUMP_MAGIC = Buffer.from('PGDMP', 'latin1');

function firstBlock(file: string): Buffer {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    throw new BackupError(`${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`, { cause: error });
  }
  try {
    const block = Buffer.alloc(512);
    const read = readSync(fd, block, 0, 512, 0);
    return block.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** By its contents, not its name. */
function openBackup(file: string): OpenedBackup {
  const head = firstBlock(file);
  if (head.subarray(0, SQLITE_MAGIC.length).equals(SQLITE_MAGIC)) return { format: 'sqlite', database: file, bucketFiles: [], close: () => undefined };
  if (head.subarray(0, PGDUMP_MAGIC.length).equals(PGDUMP_MAGIC)) return { format: 'pgdump', database: file, bucketFiles: [], close: () => undefined };
  if (!looksLikeTar(head)) {
    throw new BackupError(`${file} is not a backup made by npm run db:backup: it is neither a SQLite database, a pg_dump archive nor a backup archive with uploads.`);
  }
  let entries: TarEntry[];
  try {
    entries = listTar(file);
  } catch (error) {
    if (error instanceof TarError) throw new BackupError(`${file} is damaged: ${error.message}. Restore another backup.`, { cause: error });
    throw error;
  }
  const databases = entries.filter((entry) => entry.name === 'database.sqlite' || entry.name === 'database.pgdump');
  if (databases.length !== 1) throw new BackupError(`${file} is a tar archive, but not a backup made by npm run db:backup (it holds no database.sqlite or database.pgdump).`);
  const member = databases[0]!;
  const bucketFiles = bucketFilesIn(file, entries, file);
  const folder = mkdtempSync(path.join(tmpdir(), 'foundation-restore-'));
  const database = path.join(folder, member.name);
  try {
    extractTarEntry(file, member, database);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    format: member.name === 'database.sqlite' ? 'sqlite' : 'pgdump',
    database,
    bucketFiles,
    close: () => rmSync(folder, { recursive: true, force: true }),
  };
}

const describeTarget = (target: DatabaseTarget) => (target.kind === 'sqlite' ? target.file : withoutPassword(target.url));

/**
 * `npm run db:restore -- FILE [--force]` (ADR 033): refuses a non-empty database unless `force`,
 * restores in one transaction, then migrates. Stop the site first.
 */
export async function restoreBackup(config: AppConfig, file: string, options: { force: boolean }): Promise<RestoreReport> {
  const target = config.database;
  if (target.kind === 'sqlite' && target.file === ':memory:') throw new BackupError('The configured database is in memory: there is nothing to restore into.');
  const backup = openBackup(file);
  try {
    if (backup.format === 'sqlite' && target.kind !== 'sqlite') {
      throw new BackupError(`${file} is a SQLite backup, but DATABASE_URL is a PostgreSQL database. A backup restores into a database of its own kind: unset DATABASE_URL (or set it to a SQLite file) to restore it.`);
    }
    if (backup.format === 'pgdump' && target.kind !== 'postgres') {
      throw new BackupError(`${file} is a PostgreSQL backup, but the configured database is SQLite (${describeTarget(target)}). A backup restores into a database of its own kind: set DATABASE_URL to an empty PostgreSQL database to restore it.`);
    }
    if (backup.format === 'sqlite') checkSqliteBackup(backup.database, file);
    else await checkPostgresArchive(backup.database, file, config.backup.pgBin);
    if (backup.bucketFiles.length > 0 && config.media.kind !== 's3') {
      throw new BackupError(`${file} holds ${backup.bucketFiles.length} files of uploads kept in a media bucket, but no bucket is configured: set the MEDIA_S3_* settings to the bucket they should go back to.`);
    }

    const db = createDatabase(target);
    let existing: string[];
    let sessions = 0;
    try {
      existing = await listTables(db, target.kind);
      if (target.kind === 'postgres') sessions = await otherSessions(db);
    } finally {
      await db.destroy();
    }
    if (existing.length > 0 && !options.force) {
      throw new BackupError(
        `The database ${describeTarget(target)} is not empty: it has ${existing.length} tables (${existing.slice(0, 4).join(', ')}${existing.length > 4 ? ', …' : ''}). ` +
          'Restoring replaces everything in it. If that is what you want, stop the site and run the restore again with --force.',
      );
    }

    if (backup.bucketFiles.length > 0 && config.media.kind === 's3') {
      // Before the database: its rows must never list a file the bucket does not have yet.
      const bucket = s3MediaStore(config.media);
      try {
        await putBucketFiles(bucket, file, backup.bucketFiles);
      } finally {
        await bucket.close();
      }
    }
    if (target.kind === 'sqlite') await copySqlite(backup.database, target.file, { readonly: true });
    else await restorePostgres(backup.database, target.url, { replace: existing.length > 0, pgBin: config.backup.pgBin });

    const restored = createDatabase(target);
    try {
      let migrated: string[];
      try {
        migrated = await migrateToLatest(restored, target.kind);
      } catch (error) {
        throw new BackupError(
          `The backup was restored, but this version of the site could not bring its schema up to date (${(error as Error).message}). A backup made by a newer version of the site needs that version.`,
          { cause: error },
        );
      }
      if (target.kind === 'postgres') await refreshStatistics(restored);
      const counts = await rowCounts(restored, SUMMARY_TABLES);
      return { target: describeTarget(target), replaced: existing.length > 0, migrated, counts, bucketFiles: backup.bucketFiles.length, otherSessions: sessions };
    } finally {
      await restored.destroy();
    }
  } finally {
    backup.close();
  }
}
