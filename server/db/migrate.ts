import { Migrator } from 'kysely';
import type { Db } from './database';
import type { Dialect } from './migrations/helpers';
import { DialectMigrationProvider } from './migrations/index';

export class MigrationError extends Error {
  constructor(migration: string, cause: unknown) {
    super(`Migration ${migration} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

/** Brings the schema up to date; returns the names applied by this call. */
export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new DialectMigrationProvider(dialect) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(failed, error);
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
