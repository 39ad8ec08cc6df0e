import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** What a donation adds to its payment: where the receipt goes and the donor's message. */
export interface Donation {
  id: number;
  paymentId: number;
  email: string;
  message: string;
  createdAt: string;
}

export async function insertDonation(db: Executor, input: { paymentId: number; email: string; message: string; now: string }): Promise<Donation> {
  const row = await db
    .insertInto('donations')
    .values({ payment_id: input.paymentId, email: input.email, message: input.message, created_at: input.now })
    .returning(['id', 'payment_id', 'email', 'message', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), paymentId: Number(row.payment_id), email: row.email, message: row.message, createdAt: row.created_at };
}

export async function findDonationOfPayment(db: Executor, paymentId: number): Promise<Donation | null> {
  const row = await db.selectFrom('donations').select(['id', 'payment_id', 'email', 'message', 'created_at']).where('payment_id', '=', paymentId).executeTakeFirst();
  return row ? { id: Number(row.id), paymentId: Number(row.payment_id), email: row.email, message: row.message, createdAt: row.created_at } : null;
}
