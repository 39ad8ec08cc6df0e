import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { BackupError } from './backup-error';

const ALL_PAGES = 0x7fffffff;

/**
 * SQLite's online backup API, every page in one step so a busy site cannot keep restarting the
 * copy. A restore writes in one transaction: a failed copy leaves the target as it was.
 */
export async function copySqlite(from: string, to: string, options: { readonly: boolean }): Promise<void> {
  let source: SQLite.Database;
  try {
    source = new SQLite(from, { readonly: options.readonly, fileMustExist: true });
  } catch (error) {
    if (!existsSync(from)) throw new BackupError(`There is no SQLite database at ${from}.`, { cause: error });
    throw new BackupError(`${from} could not be opened as a SQLite database (${(error as Error).message}).`, { cause: error });
  }
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(to, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
}

/** Rollback journal instead of WAL, so opening it never leaves -wal and -shm files beside it. */
export function makeStandalone(file: string): void {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/** Checks pages (quick_check) and migration history; read-only, so the backup is never changed. */
export function checkSqliteBackup(file: string, shownAs: string): void {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const problems = (db.pragma('quick_check') as { quick_check: string }[]).map((row) => row.quick_check).filter((text) => text !== 'ok');
    if (problems.length > 0) throw new BackupError(`${shownAs} is damaged (SQLite's check found: ${problems.slice(0, 3).join('; ')}). Restore another backup.`);
    const history = db.prepare(`select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'`).get() as { n: number };
    if (history.n === 0) throw new BackupError(`${shownAs} is a SQLite database, but not a backup of this site (it has no migration history).`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${shownAs} is damaged or is not a database (${(error as Error).message}). Restore another backup.`, { cause: error });
  } finally {
    db?.close();
  }
}
