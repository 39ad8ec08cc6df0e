import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { flag, oneOf, withId, type Dialect, type MigrationContext } from './helpers';

/** The payment core (ADR 013): one `payments` table for every donation and sign-up; existing ids are kept. */

const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded'] as const;
const DONATION_TTL_MS = 60 * 60_000;
const SIGNUP_TTL_MS = 30 * 60_000;

// Read with raw SQL: the migration must not depend on today's types.
interface OldDonation {
  id: number;
  user_id: number | null;
  amount_cents: number;
  currency: string;
  email: string;
  message: string;
  status: string;
  payment_intent_id: string | null;
  created_at: string;
  paid_at: string | null;
}
interface OldSignup {
  id: number;
  user_id: number;
  event_id: number;
  kind: string;
  amount_cents: number;
  currency: string;
  receipt_email: string;
  team_name: string | null;
  team_contact_number: string | null;
  team_agrees: number;
  places: number;
  status: string;
  payment_intent_id: string | null;
  hold_expires_at: string | null;
  created_at: string;
  paid_at: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration works on tables today's types do not describe
type AnyDb = Kysely<any>;

async function createPayments(db: AnyDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('payments'), dialect)
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull().check(oneOf('purpose', ['donation', 'signup'])))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull().defaultTo('usd'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().check(oneOf('status', PAYMENT_STATUSES)))
    .addColumn('status_reason', 'varchar(40)')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`refunded_cents >= 0 and refunded_cents <= amount_cents`))
    .addColumn('gateway_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('intent_id', 'varchar(255)', (c) => c.unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('client_key', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('next_check_at', 'varchar(32)')
    .addColumn('checks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('payments_status_next_check').on('payments').columns(['status', 'next_check_at']).execute();
  await db.schema.createIndex('payments_user').on('payments').column('user_id').execute();
  await db.schema.createIndex('payments_client_key').on('payments').columns(['client_key', 'status']).execute();
}

async function createSideTables(db: AnyDb, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable('refunds'), dialect)
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('restrict'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(oneOf('status', ['pending', 'succeeded', 'failed'])))
    .addColumn('request_key', 'varchar(120)', (c) => c.notNull().unique())
    .addColumn('gateway_key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('gateway_refund_id', 'varchar(255)')
    .addColumn('last_error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_payment').on('refunds').column('payment_id').execute();
  await db.schema.createIndex('refunds_status_next').on('refunds').columns(['status', 'next_attempt_at']).execute();

  await withId(db.schema.createTable('mail_outbox'), dialect)
    .addColumn('purpose', 'varchar(40)', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('dedupe_key', 'varchar(120)', (c) => c.unique())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attachments_json', 'text')
    .addColumn('sensitive', 'integer', flag('sensitive'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().check(oneOf('status', ['pending', 'sent'])))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('mail_outbox_status_next').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_payment').on('mail_outbox').column('payment_id').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset').on('rate_limits').column('reset_at').execute();

  await db.schema
    .createTable('simulated_refunds')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('intent_id', 'varchar(255)', (c) => c.notNull().references('payment_intents.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('idempotency_key', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('simulated_refunds_intent').on('simulated_refunds').column('intent_id').execute();
}

const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const legacyStatus = (status: string) => (PAYMENT_STATUSES as readonly string[]).includes(status) ? status : 'failed';

async function insertPayment(
  db: AnyDb,
  purpose: 'donation' | 'signup',
  row: { user_id: number | null; amount_cents: number; currency: string; status: string; payment_intent_id: string | null; created_at: string; paid_at: string | null },
  ttlMs: number,
): Promise<number> {
  const status = legacyStatus(row.status);
  const inserted = await db
    .insertInto('payments')
    .values({
      purpose,
      amount_cents: row.amount_cents,
      currency: row.currency,
      status,
      status_reason: null,
      refunded_cents: status === 'refunded' ? row.amount_cents : 0,
      gateway_key: randomUUID(),
      intent_id: row.payment_intent_id,
      user_id: row.user_id,
      client_key: null,
      created_at: row.created_at,
      updated_at: row.paid_at ?? row.created_at,
      paid_at: row.paid_at,
      expires_at: later(row.created_at, ttlMs),
      next_check_at: status === 'pending' ? row.created_at : null,
      checks: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

async function createDonations(db: AnyDb, dialect: Dialect, name: string): Promise<void> {
  await withId(db.schema.createTable(name), dialect)
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id').onDelete('restrict'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

async function createSignups(db: AnyDb, dialect: Dialect, name: string): Promise<void> {
  await withId(db.schema.createTable(name), dialect)
    .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id').onDelete('restrict'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('restrict'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().check(oneOf('kind', ['golf', 'gaming', 'steakfry'])))
    .addColumn('receipt_email', 'varchar(254)', (c) => c.notNull())
    .addColumn('team_name', 'varchar(60)')
    .addColumn('team_contact_number', 'varchar(40)')
    .addColumn('team_agrees', 'integer', flag('team_agrees'))
    .addColumn('places', 'integer', (c) => c.notNull().defaultTo(1).check(sql`places > 0`))
    .addColumn('hold_expires_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

async function indexRecords(db: AnyDb): Promise<void> {
  await db.schema.createIndex('signups_event').on('signups').columns(['event_id', 'hold_expires_at']).execute();
}

/** SQLite cannot drop constrained columns: build, copy, swap (its 12-step recipe). */
async function upSqlite(db: AnyDb): Promise<void> {
  await createDonations(db, 'sqlite', 'donations_new');
  for (const d of (await sql<OldDonation>`select * from donations order by id`.execute(db)).rows) {
    const paymentId = await insertPayment(db, 'donation', d, DONATION_TTL_MS);
    await db.insertInto('donations_new').values({ id: d.id, payment_id: paymentId, email: d.email, message: d.message, created_at: d.created_at }).execute();
  }
  await createSignups(db, 'sqlite', 'signups_new');
  for (const s of (await sql<OldSignup>`select * from signups order by id`.execute(db)).rows) {
    const paymentId = await insertPayment(db, 'signup', s, SIGNUP_TTL_MS);
    await db
      .insertInto('signups_new')
      .values({
        id: s.id,
        payment_id: paymentId,
        event_id: s.event_id,
        kind: s.kind,
        receipt_email: s.receipt_email,
        team_name: s.team_name,
        team_contact_number: s.team_contact_number,
        team_agrees: s.team_agrees,
        places: s.places,
        hold_expires_at: s.status === 'pending' ? s.hold_expires_at : null,
        created_at: s.created_at,
      })
      .execute();
  }
  await db.schema.dropTable('donations').execute();
  await db.schema.alterTable('donations_new').renameTo('donations').execute();
  await db.schema.dropTable('signups').execute();
  await db.schema.alterTable('signups_new').renameTo('signups').execute();
  await indexRecords(db);
}

async function upPostgres(db: AnyDb): Promise<void> {
  for (const table of ['donations', 'signups'] as const) {
    await db.schema.alterTable(table).addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('restrict')).execute();
  }
  for (const d of (await sql<OldDonation>`select * from donations order by id`.execute(db)).rows) {
    const paymentId = await insertPayment(db, 'donation', d, DONATION_TTL_MS);
    await db.updateTable('donations').set({ payment_id: paymentId }).where('id', '=', d.id).execute();
  }
  for (const s of (await sql<OldSignup>`select * from signups order by id`.execute(db)).rows) {
    const paymentId = await insertPayment(db, 'signup', s, SIGNUP_TTL_MS);
    await db
      .updateTable('signups')
      .set({ payment_id: paymentId, hold_expires_at: s.status === 'pending' ? s.hold_expires_at : null })
      .where('id', '=', s.id)
      .execute();
  }
  for (const table of ['donations', 'signups'] as const) {
    await sql`alter table ${sql.table(table)} alter column payment_id set not null`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_payment_unique`)} unique (payment_id)`.execute(db);
    await db.schema
      .alterTable(table)
      .dropColumn('user_id')
      .dropColumn('amount_cents')
      .dropColumn('currency')
      .dropColumn('status')
      .dropColumn('payment_intent_id')
      .dropColumn('paid_at')
      .execute();
  }
  await indexRecords(db);
}

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const anyDb = db as AnyDb;
  if (dialect === 'postgres') {
    await createPayments(anyDb, dialect);
    await createSideTables(anyDb, dialect);
    await upPostgres(anyDb);
    return;
  }
  // Kysely runs SQLite migrations outside a transaction; foreign keys must be off while tables are
  // swapped (a DROP would cascade into the players), and it must be all or nothing.
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`begin`.execute(db);
  try {
    await createPayments(anyDb, dialect);
    await createSideTables(anyDb, dialect);
    await upSqlite(anyDb);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`foreign keys broken after the swap: ${JSON.stringify(broken.rows.slice(0, 5))}`);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
