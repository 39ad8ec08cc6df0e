import { sql, type Kysely } from 'kysely';

/**
 * Each sign-up keeps the fair-market value of when its price was fixed, so editing the event later
 * does not change old receipts (ADR 025). Existing sign-ups take today's value.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('signups').addColumn('fair_value_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fair_value_cents >= 0`)).execute();
  await db.schema.alterTable('signups').addColumn('child_fair_value_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`child_fair_value_cents >= 0`)).execute();
  await sql`update signups set
      fair_value_cents = (select events.fair_value_cents from events where events.id = signups.event_id),
      child_fair_value_cents = (select events.child_fair_value_cents from events where events.id = signups.event_id)`.execute(db);
}
