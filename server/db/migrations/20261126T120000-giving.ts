import { sql, type Kysely } from 'kysely';
import { flag, oneOf } from './helpers';

/** Giving (ADR 027): donor name and privacy, the card-fee part, and tributes with their notification. */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations work on tables today's types may not describe
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('donations').addColumn('donor_name', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('donations').addColumn('anonymous', 'integer', flag('anonymous')).execute();
  await db.schema.alterTable('donations').addColumn('gift_cents', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('donations').addColumn('fee_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fee_cents >= 0`)).execute();
  await db.schema.alterTable('donations').addColumn('tribute_kind', 'varchar(6)', (c) => c.check(oneOf('tribute_kind', ['memory', 'honor']))).execute();
  await db.schema.alterTable('donations').addColumn('tribute_name', 'varchar(100)').execute();
  await db.schema.alterTable('donations').addColumn('notify_name', 'varchar(100)').execute();
  await db.schema.alterTable('donations').addColumn('notify_email', 'varchar(254)').execute();
  await db.schema.alterTable('donations').addColumn('notify_amount', 'integer', flag('notify_amount')).execute();
  // Earlier gifts had no fee part.
  await sql`update donations set gift_cents = (select amount_cents from payments where payments.id = donations.payment_id)`.execute(db);
}
