import type { Kysely } from 'kysely';

/** Monthly gifts on Stripe Subscriptions (ADR 027); a unique invoice id records a twice-delivered invoice once. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('giving_plans').addColumn('subscription_id', 'varchar(255)').execute();
  await db.schema.createIndex('giving_plans_subscription').unique().on('giving_plans').column('subscription_id').execute();
  await db.schema.alterTable('donations').addColumn('subscription_id', 'varchar(255)').execute();
  await db.schema.alterTable('donations').addColumn('invoice_id', 'varchar(255)').execute();
  await db.schema.createIndex('donations_invoice').unique().on('donations').column('invoice_id').execute();
}
