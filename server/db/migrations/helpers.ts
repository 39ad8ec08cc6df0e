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

/**
 * SQLite cannot change a column's CHECK: the table is rebuilt from its own CREATE with `from`
 * replaced by `to`, its indexes remade, all or nothing and with foreign keys off (a DROP would
 * cascade into the rows that point at it). Kysely runs SQLite migrations outside a transaction.
 */
export async function rewriteSqliteCheck(db: Kysely<unknown>, table: string, from: RegExp, to: string): Promise<void> {
  const created = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const create = created.rows[0]!.sql;
  const rewritten = create.replace(from, to);
  if (rewritten === create) throw new Error(`the ${table} table has no check matching ${from}`);
  const swap = `${table}_new`;
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin`.execute(db);
  try {
    await sql.raw(rewritten.replace(new RegExp(`^CREATE TABLE "?${table}"?`, 'i'), `CREATE TABLE "${swap}"`)).execute(db);
    await sql`insert into ${sql.table(swap)} select * from ${sql.table(table)}`.execute(db);
    await sql`drop table ${sql.table(table)}`.execute(db);
    await sql`alter table ${sql.table(swap)} rename to ${sql.table(table)}`.execute(db);
    for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken after the swap: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
