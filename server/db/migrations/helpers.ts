import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
}

/** Each migration file exports these; the provider in index.ts hands them the dialect. */
export interface DialectMigration {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/** An auto-incrementing integer key in either dialect. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** A 0/1 flag with a CHECK so neither dialect stores anything else. */
export function flag(name: string) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0).check(sql`${sql.ref(name)} in (0, 1)`);
}

/** A CHECK that a text column holds one of a fixed set of values. */
export function oneOf(name: string, values: readonly string[]) {
  return sql`${sql.ref(name)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
