import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, PaymentPurpose, PaymentsTable, PaymentStatus } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Payment {
  id: number;
  purpose: PaymentPurpose;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  statusReason: string | null;
  refundedCents: number;
  gatewayKey: string;
  intentId: string | null;
  userId: number | null;
  clientKey: string | null;
  createdAt: string;
  paidAt: string | null;
  expiresAt: string;
  nextCheckAt: string | null;
  checks: number;
}

/** A party and the people added to it (ADR 024), as one. */
export function combinedPayments(parts: readonly Pick<Payment, 'amountCents' | 'refundedCents' | 'status'>[]): Pick<Payment, 'amountCents' | 'refundedCents' | 'status'> {
  if (parts.length === 1) return { amountCents: parts[0]!.amountCents, refundedCents: parts[0]!.refundedCents, status: parts[0]!.status };
  const amountCents = parts.reduce((sum, p) => sum + p.amountCents, 0);
  const refundedCents = parts.reduce((sum, p) => sum + p.refundedCents, 0);
  return { amountCents, refundedCents, status: refundedCents >= amountCents ? 'refunded' : refundedCents > 0 ? 'partially_refunded' : 'paid' };
}

export const SETTLEABLE: readonly PaymentStatus[] = ['pending', 'expired', 'failed'];

function toPayment(row: Selectable<PaymentsTable>): Payment {
  return {
    id: Number(row.id),
    purpose: row.purpose,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status,
    statusReason: row.status_reason,
    refundedCents: Number(row.refunded_cents),
    gatewayKey: row.gateway_key,
    intentId: row.intent_id,
    userId: row.user_id === null ? null : Number(row.user_id),
    clientKey: row.client_key,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    expiresAt: row.expires_at,
    nextCheckAt: row.next_check_at,
    checks: Number(row.checks),
  };
}

export async function insertPayment(
  db: Executor,
  input: { purpose: PaymentPurpose; amountCents: number; userId: number | null; clientKey: string | null; now: string; expiresAt: string; firstCheckAt: string },
): Promise<Payment> {
  const row = await db
    .insertInto('payments')
    .values({
      purpose: input.purpose,
      amount_cents: input.amountCents,
      status: 'pending',
      status_reason: null,
      gateway_key: randomUUID(),
      intent_id: null,
      user_id: input.userId,
      client_key: input.clientKey,
      created_at: input.now,
      updated_at: input.now,
      paid_at: null,
      expires_at: input.expiresAt,
      next_check_at: input.firstCheckAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPayment(row);
}

export async function attachIntent(db: Executor, paymentId: number, intentId: string, now: string): Promise<void> {
  await db.updateTable('payments').set({ intent_id: intentId, updated_at: now }).where('id', '=', paymentId).execute();
}

export async function findPayment(db: Executor, id: number): Promise<Payment | null> {
  const row = await db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPayment(row) : null;
}

export async function findPaymentByIntent(db: Executor, intentId: string): Promise<Payment | null> {
  const row = await db.selectFrom('payments').selectAll().where('intent_id', '=', intentId).executeTakeFirst();
  return row ? toPayment(row) : null;
}

/** Locks the row on PostgreSQL until the transaction ends. */
export async function lockPayment(db: Executor, id: number, lock: boolean): Promise<Payment | null> {
  let query = db.selectFrom('payments').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toPayment(row) : null;
}

/** Exactly once: the condition keeps a payment settled by the save call, webhook and sweep at once from being receipted twice. */
export async function markPaymentPaid(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'paid', status_reason: null, paid_at: now, updated_at: now, next_check_at: null })
    .where('id', '=', id)
    .where('status', 'in', SETTLEABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True only for the call that made the change. */
export async function markPaymentUnpaid(db: Executor, id: number, status: 'failed' | 'expired', reason: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status, status_reason: reason, updated_at: now, next_check_at: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setRefunded(db: Executor, payment: Pick<Payment, 'id' | 'amountCents'>, refundedCents: number, reason: string | null, now: string): Promise<void> {
  const status: PaymentStatus = refundedCents === 0 ? 'paid' : refundedCents >= payment.amountCents ? 'refunded' : 'partially_refunded';
  await db
    .updateTable('payments')
    .set({ refunded_cents: refundedCents, status, status_reason: reason, updated_at: now })
    .where('id', '=', payment.id)
    .execute();
}

/** With `afterId`, every pending one in id order (the sweep at start-up). */
export async function listPendingToCheck(db: Executor, now: string, limit: number, afterId?: number): Promise<Payment[]> {
  let query = db.selectFrom('payments').selectAll().where('status', '=', 'pending');
  query =
    afterId === undefined
      ? query.where('next_check_at', '<=', now).orderBy('next_check_at').orderBy('id')
      : query.where('id', '>', afterId).orderBy('id');
  return (await query.limit(limit).execute()).map(toPayment);
}

/** Checked on the value just read, so two sweeps never both win. */
export async function claimForCheck(db: Executor, payment: Pick<Payment, 'id' | 'nextCheckAt'>, leaseUntil: string): Promise<boolean> {
  let query = db.updateTable('payments').set({ next_check_at: leaseUntil }).where('id', '=', payment.id).where('status', '=', 'pending');
  query = payment.nextCheckAt === null ? query.where('next_check_at', 'is', null) : query.where('next_check_at', '=', payment.nextCheckAt);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function scheduleCheck(db: Executor, id: number, at: string): Promise<void> {
  await db
    .updateTable('payments')
    .set((eb) => ({ next_check_at: at, checks: eb('checks', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
