import type { Kysely } from 'kysely';

/** ADR 025: fair-market value per team or adult and per child, so a receipt can state the deductible part. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('events').addColumn('fair_value_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('events').addColumn('child_fair_value_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
