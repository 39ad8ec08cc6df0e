import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { BackupError } from './backup-error';

/** Ask SQLite's online backup API for every page in one step (see copySqlite). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a SQLite database with SQLite's online backup API: a consistent copy while the site keeps
 * writing (WAL lets it). Every page goes in one step under one read transaction, so a busy site
 * cannot keep restarting the copy. Into an existing database (a restore) the pages are written in
 * one transaction: if the copy fails, the target is as it was.
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

/**
 * Makes a fresh copy a file of its own: rollback journal instead of WAL, so opening it (to check
 * it, or with the sqlite3 shell) never leaves -wal and -shm files beside it.
 */
export function makeStandalone(file: string): void {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
}

/**
 * Refuses a file that is not a sound database of this site: damaged pages (quick_check) or no
 * migration history (some other SQLite file). Opened read-only: the backup is never changed.
 */
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
