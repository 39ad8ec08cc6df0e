import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../json';
import type { Database, PaymentStatus } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Donation {
  id: number;
  userId: number | null;
  amountCents: number;
  email: string;
  message: string;
  status: PaymentStatus;
  paymentIntentId: string | null;
  createdAt: string;
  paidAt: string | null;
}

const COLUMNS = ['id', 'user_id', 'amount_cents', 'email', 'message', 'status', 'payment_intent_id', 'created_at', 'paid_at'] as const;

function toDonation(row: {
  id: number;
  user_id: number | null;
  amount_cents: number;
  email: string;
  message: string;
  status: PaymentStatus;
  payment_intent_id: string | null;
  created_at: string;
  paid_at: string | null;
}): Donation {
  return {
    id: Number(row.id),
    userId: row.user_id === null ? null : Number(row.user_id),
    amountCents: Number(row.amount_cents),
    email: row.email,
    message: row.message,
    status: row.status,
    paymentIntentId: row.payment_intent_id,
    createdAt: row.created_at,
    paidAt: row.paid_at,
  };
}

export async function insertPendingDonation(
  db: Executor,
  input: { userId: number | null; amountCents: number; email: string; message: string },
): Promise<Donation> {
  const row = await db
    .insertInto('donations')
    .values({ user_id: input.userId, amount_cents: input.amountCents, email: input.email, message: input.message, status: 'pending', created_at: nowIso() })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
  return toDonation(row);
}

export async function attachIntent(db: Executor, donationId: number, intentId: string): Promise<void> {
  await db.updateTable('donations').set({ payment_intent_id: intentId }).where('id', '=', donationId).execute();
}

export async function findDonationByIntent(db: Executor, intentId: string): Promise<Donation | null> {
  const row = await db.selectFrom('donations').select(COLUMNS).where('payment_intent_id', '=', intentId).executeTakeFirst();
  return row ? toDonation(row) : null;
}

/** Pending → paid exactly once: true only for the call that made the change. */
export async function markDonationPaid(db: Executor, donationId: number, paidAt: string): Promise<boolean> {
  const result = await db
    .updateTable('donations')
    .set({ status: 'paid', paid_at: paidAt })
    .where('id', '=', donationId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Pending donations with an intent, oldest first, for the reconciliation sweep. */
export async function listPendingDonationIntents(db: Executor, since: string, limit = 200): Promise<string[]> {
  const rows = await db
    .selectFrom('donations')
    .select('payment_intent_id')
    .where('status', '=', 'pending')
    .where('payment_intent_id', 'is not', null)
    .where('created_at', '>=', since)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.payment_intent_id!);
}
