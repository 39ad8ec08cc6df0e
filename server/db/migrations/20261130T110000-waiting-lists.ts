import { sql, type Kysely } from 'kysely';
import { oneOf, withId, type MigrationContext } from './helpers';

/** Waiting lists for full events (issue 35, ADR 053): one entry per account and event, and its offer. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('waitlist_entries'), dialect)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('places', 'integer', (c) => c.notNull().check(sql`places > 0`))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // waiting → offered → accepted (paid) or lapsed (not taken in time; the next in line is offered).
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('waiting').check(oneOf('status', ['waiting', 'offered', 'accepted', 'lapsed'])))
    .addColumn('offered_at', 'varchar(32)')
    .addColumn('offer_expires_at', 'varchar(32)')
    // The sign-up opened from the offer: while it holds or has the places, the offer does not count them again.
    .addColumn('offer_signup_id', 'integer', (c) => c.references('signups.id'))
    .addColumn('offered_by_staff_id', 'integer', (c) => c.references('staff.id'))
    .addUniqueConstraint('waitlist_entries_one_per_account', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('waitlist_entries_event_status').on('waitlist_entries').columns(['event_id', 'status']).execute();
  await db.schema
    .createTable('waitlist_settings')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id'))
    .addColumn('offer_hours', 'integer', (c) => c.notNull().check(sql`offer_hours between 1 and 168`))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}
