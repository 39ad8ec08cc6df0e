import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';

export type Dialect = 'sqlite' | 'postgres';

export interface MigrationContext {
  dialect: Dialect;
}

/** The provider in index.ts hands them the dialect. */
export interface DialectMigration {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** The CHECK keeps either dialect from storing anything else. */
export function flag(name: string) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0).check(sql`${sql.ref(name)} in (0, 1)`);
}

export function oneOf(name: string, values: readonly string[]) {
  return sql`${sql.ref(name)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
