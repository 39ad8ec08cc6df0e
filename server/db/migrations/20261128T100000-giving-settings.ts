import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { flag } from './helpers';

/** What staff set for the Donation Form (ADR 046): one row, id 1; none until first saved (the defaults then apply). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('giving_settings')
    .addColumn('id', 'integer', (col) => col.primaryKey().check(sql`id = 1`))
    // JSON: [{ "cents": 2500, "note": "…" }, …]
    .addColumn('suggested_amounts', 'text', (col) => col.notNull())
    .addColumn('monthly_preselected', 'integer', flag('monthly_preselected'))
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
