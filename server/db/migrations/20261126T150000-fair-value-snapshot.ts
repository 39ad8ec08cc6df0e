import { sql, type Kysely } from 'kysely';

/**
 * The value received, as it was when the sign-up was made (ADR 025). Each sign-up keeps
 * the event's fair-market value per team or adult and per child from the moment its price was
 * fixed, so a volunteer editing the event's value later does not change old receipts or
 * statements. The total is still worked out from the people on the sign-up, so a party that drops
 * an attendee gets the value of those who still come. Existing sign-ups take their event's value
 * of today: the best there is.
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
