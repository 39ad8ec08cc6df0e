import { DEFAULT_MIGRATION_TABLE, Migrator, sql } from 'kysely';
import type { Db } from './database';
import type { Dialect } from './migrations/helpers';
import { DialectMigrationProvider, knownMigrations } from './migrations/index';

export class MigrationError extends Error {
  constructor(migration: string, cause: unknown) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/** Returns the names applied by this call. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DialectMigrationProvider(dialect) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(failed, error);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

// Kysely's PostgreSQL migration lock is an advisory lock on this key; pg_locks splits a bigint key into two 32-bit halves.
const KYSELY_LOCK_KEY = BigInt('3853314791062309107');
const LOCK_CLASSID = Number(KYSELY_LOCK_KEY >> 32n);
const LOCK_OBJID = Number(KYSELY_LOCK_KEY & 0xffffffffn);

/**
 * A database ahead of this code (a rolling deploy) counts as current; `migrating` while an instance
 * holds Kysely's migration lock (PostgreSQL only). Throws when the database does not answer.
 */
export async function schemaState(db: Db, dialect: Dialect): Promise<'current' | 'pending' | 'migrating'> {
  const known = knownMigrations();
  const applied = sql<number>`(select count(*) from ${sql.table(DEFAULT_MIGRATION_TABLE)} where name in (${sql.join(known)}))`;
  const lock =
    dialect === 'postgres'
      ? sql<number>`(select count(*) from pg_locks where locktype = 'advisory' and granted and objsubid = 1 and classid = ${LOCK_CLASSID} and objid = ${LOCK_OBJID} and database = (select oid from pg_database where datname = current_database()))`
      : sql<number>`0`;
  let row: { applied: number; locks: number } | undefined;
  try {
    row = (await sql<{ applied: number; locks: number }>`select ${applied} as applied, ${lock} as locks`.execute(db)).rows[0];
  } catch (error) {
    // No history table is a database nobody migrated; anything else is the database failing.
    await sql`select 1`.execute(db);
    if (isMissingTable(error)) return 'pending';
    throw error;
  }
  if (Number(row?.locks ?? 0) > 0) return 'migrating';
  return Number(row?.applied ?? 0) === known.length ? 'current' : 'pending';
}

function isMissingTable(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /no such table|does not exist/i.test(message);
}
