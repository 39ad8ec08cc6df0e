import type { Kysely } from 'kysely';

/**
 * Monthly gifts on Stripe through Subscriptions (ADR 027). A plan Stripe schedules carries its
 * subscription id (the site's own schedule never takes it); the first gift of such a plan keeps the
 * subscription it started until the plan exists; each later month's gift carries the invoice that
 * paid it, unique, so an invoice delivered twice is recorded once.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('giving_plans').addColumn('subscription_id', 'varchar(255)').execute();
  await db.schema.createIndex('giving_plans_subscription').unique().on('giving_plans').column('subscription_id').execute();
  await db.schema.alterTable('donations').addColumn('subscription_id', 'varchar(255)').execute();
  await db.schema.alterTable('donations').addColumn('invoice_id', 'varchar(255)').execute();
  await db.schema.createIndex('donations_invoice').unique().on('donations').column('invoice_id').execute();
}
