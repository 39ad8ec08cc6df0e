import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, RefundsTable, RefundStatus } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface Refund {
  id: number;
  paymentId: number;
  amountCents: number;
  reason: string;
  status: RefundStatus;
  requestKey: string;
  gatewayKey: string;
  gatewayRefundId: string | null;
  lastError: string | null;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
}

function toRefund(row: Selectable<RefundsTable>): Refund {
  return {
    id: Number(row.id),
    paymentId: Number(row.payment_id),
    amountCents: Number(row.amount_cents),
    reason: row.reason,
    status: row.status,
    requestKey: row.request_key,
    gatewayKey: row.gateway_key,
    gatewayRefundId: row.gateway_refund_id,
    lastError: row.last_error,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  };
}

export async function findRefundByRequestKey(db: Executor, requestKey: string): Promise<Refund | null> {
  const row = await db.selectFrom('refunds').selectAll().where('request_key', '=', requestKey).executeTakeFirst();
  return row ? toRefund(row) : null;
}

export async function findRefund(db: Executor, id: number): Promise<Refund | null> {
  const row = await db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRefund(row) : null;
}

/** Pending and succeeded: promised back and not refused. */
export async function committedRefundCents(db: Executor, paymentId: number): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertRefund(
  db: Executor,
  input: { paymentId: number; amountCents: number; reason: string; requestKey: string; status: RefundStatus; gatewayRefundId?: string | null; now: string; note?: string; staffId?: number },
): Promise<Refund> {
  const row = await db
    .insertInto('refunds')
    .values({
      payment_id: input.paymentId,
      amount_cents: input.amountCents,
      reason: input.reason,
      status: input.status,
      request_key: input.requestKey,
      gateway_key: randomUUID(),
      gateway_refund_id: input.gatewayRefundId ?? null,
      last_error: null,
      next_attempt_at: input.status === 'pending' ? input.now : null,
      note: input.note ?? null,
      staff_id: input.staffId ?? null,
      created_at: input.now,
      updated_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toRefund(row);
}

export async function listDueRefunds(db: Executor, now: string, limit: number): Promise<Refund[]> {
  const rows = await db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map(toRefund);
}

/** False when someone else has it. */
export async function claimRefund(db: Executor, refund: Pick<Refund, 'id' | 'nextAttemptAt'>, leaseUntil: string): Promise<boolean> {
  let query = db
    .updateTable('refunds')
    .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', refund.id)
    .where('status', '=', 'pending');
  query = refund.nextAttemptAt === null ? query.where('next_attempt_at', 'is', null) : query.where('next_attempt_at', '=', refund.nextAttemptAt);
  return Number((await query.executeTakeFirst()).numUpdatedRows) === 1;
}

export async function markRefundSucceeded(db: Executor, id: number, gatewayRefundId: string | null, now: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ status: 'succeeded', gateway_refund_id: gatewayRefundId, last_error: null, next_attempt_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function markRefundFailed(db: Executor, id: number, error: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('refunds')
    .set({ status: 'failed', last_error: error.slice(0, 1000), next_attempt_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function scheduleRefundRetry(db: Executor, id: number, error: string, at: string, now: string): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ last_error: error.slice(0, 1000), next_attempt_at: at, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
