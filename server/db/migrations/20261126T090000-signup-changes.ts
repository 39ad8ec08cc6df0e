import type { Kysely } from 'kysely';

/** A cancelled sign-up keeps its row and payment but takes no places; SEQUENCE lets calendars update the same entry. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('signups').addColumn('cancelled_at', 'varchar(32)').execute();
  await db.schema.alterTable('signups').addColumn('calendar_sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('signups').addColumn('updated_at', 'varchar(32)').execute();
}
