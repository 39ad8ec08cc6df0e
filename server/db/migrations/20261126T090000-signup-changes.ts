import type { Kysely } from 'kysely';

/**
 * Supporters change and cancel their own sign-ups: a cancelled sign-up keeps its row
 * (and its payment, refunded or not) but no longer takes places; every change or cancellation
 * sends the calendar file again with a higher SEQUENCE so calendars update the same entry.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('signups').addColumn('cancelled_at', 'varchar(32)').execute();
  await db.schema.alterTable('signups').addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('signups').addColumn('updated_at', 'varchar(32)').execute();
}
