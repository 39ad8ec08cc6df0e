import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
export type Db = Kysely<Database>;

// COUNT(*) and BIGINT arrive as strings from pg; our counts and cents fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

// Kysely keeps its pool to itself; /metrics reads the pool's counts through this.
const pools = new WeakMap<Db, pg.Pool>();

export interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Null for SQLite (one synchronous connection). */
export function poolUseOf(db: Db): PoolUse | null {
  const pool = pools.get(db);
  return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 } : null;
}

/** Without a listener pg throws on a dropped idle connection and stops the process; the pool reconnects on next use. */
export function createDatabase(target: DatabaseTarget, onConnectionLost: (error: Error) => void = () => undefined): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10, idleTimeoutMillis: 30_000 });
    pool.on('error', onConnectionLost);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  if (target.file !== ':memory:') ownerOnlyDatabaseFile(target.file);
  const sqlite = new SQLite(target.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * It holds password hashes and donation history: folder 0700, file 0600 before SQLite opens it
 * (SQLite gives -wal and -shm the same permissions); looser files are tightened.
 */
function ownerOnlyDatabaseFile(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const name of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(name, 0o600);
    } catch {
      // Not there (no WAL yet) or not ours to change.
    }
  }
}

/** Kysely prepares every query afresh; statements are kept by SQL text (parameterised, so the set is small). */
function withStatementCache(sqlite: SQLite.Database, limit = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (!statement) {
        statement = sqlite.prepare(sqlText);
        if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
        cache.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** /healthz. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
