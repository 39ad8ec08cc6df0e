import { sql, type Kysely } from 'kysely';
import { flag, oneOf, withId, type MigrationContext } from './helpers';

/** Monthly gifts on the site's own schedule (ADR 027): one row per attempt, so a month can never be charged twice. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb, { dialect }: MigrationContext): Promise<void> {
  await withId(db.schema.createTable('giving_plans'), dialect)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('donor_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('anonymous', 'integer', flag('anonymous'))
    .addColumn('gift_cents', 'integer', (c) => c.notNull().check(sql`gift_cents > 0`))
    .addColumn('cover_fees', 'integer', flag('cover_fees'))
    .addColumn('status', 'varchar(7)', (c) => c.notNull().check(oneOf('status', ['active', 'stopped'])))
    // 29–31 fall on a shorter month's last day.
    .addColumn('anchor_day', 'integer', (c) => c.notNull().check(sql`anchor_day between 1 and 31`))
    .addColumn('next_charge_on', 'varchar(10)', (c) => c.notNull())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_at', 'varchar(30)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('payment_method_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('manage_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_payment_id', 'integer', (c) => c.notNull().unique().references('payments.id'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('stopped_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('giving_plans_due').on('giving_plans').columns(['status', 'next_charge_on']).execute();
  await db.schema.createIndex('giving_plans_user').on('giving_plans').column('user_id').execute();

  await db.schema.alterTable('donations').addColumn('monthly', 'integer', flag('monthly')).execute();
  await db.schema.alterTable('donations').addColumn('plan_id', 'integer', (c) => c.references('giving_plans.id')).execute();
  await db.schema.alterTable('donations').addColumn('plan_month', 'varchar(7)').execute();
  await db.schema.alterTable('donations').addColumn('plan_attempt', 'integer').execute();
  await db.schema.createIndex('donations_plan_month_attempt').unique().on('donations').columns(['plan_id', 'plan_month', 'plan_attempt']).execute();

  // Never the card number.
  await db.schema
    .createTable('simulated_payment_methods')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('expiry', 'varchar(5)', (c) => c.notNull())
    // Set by tests to make the next off-session charges fail with this code.
    .addColumn('decline_code', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('payment_intents').addColumn('save_card', 'integer', flag('save_card')).execute();
  await db.schema.alterTable('payment_intents').addColumn('payment_method_id', 'varchar(100)').execute();
}
