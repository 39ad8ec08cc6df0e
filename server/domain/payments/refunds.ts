import type { Transaction } from 'kysely';
import { formatCents } from '../../../common/money';
import type { RefundReason } from '../../../common/payments';
import type { Db } from '../../db/database';
import { findPayment, findPaymentByIntent, lockPayment, setRefunded, type Payment } from '../../db/repositories/payments';
import {
  claimRefund,
  committedRefundCents,
  findRefund,
  findRefundByRequestKey,
  insertRefund,
  markRefundFailed,
  markRefundSucceeded,
  scheduleRefundRetry,
  type Refund,
} from '../../db/repositories/refunds';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { MailSiteFacts } from '../../mail/templates/site';
import { RefundRefusedError, type PaymentGateway } from '../../payments/gateway';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { queueMail, retryDelayMs, type MailDelivery } from '../mail-queue';
import type { PaymentPurposeHandler } from './core';

type Trx = Transaction<Database>;

const REFUND_LEASE_MS = 2 * 60_000;

export interface RefundSpec {
  reason: RefundReason;
  requestKey: string;
  staff?: { id: number; note: string; notifyPayer: boolean; audit: (trx: Trx, before: Payment, refund: Refund) => Promise<void> };
  within?: (trx: Trx, before: Payment, refund: Refund) => Promise<void>;
}

interface RefundsDeps {
  db: Db;
  gateway: PaymentGateway;
  logger: Logger;
  mail: MailDelivery;
  siteFacts: () => Promise<MailSiteFacts>;
  clock: () => Date;
  /** Row locks (PostgreSQL); SQLite's one writer needs none. */
  lock: boolean;
  handlerOf: (payment: Payment) => PaymentPurposeHandler;
}

/** ADR 013: the refund row commits with the payment's new state before the gateway is asked; the sweep retries outages. */
export function createRefunds({ db, gateway, logger, mail, siteFacts, clock, lock, handlerOf }: RefundsDeps) {
  /** Once per `requestKey`. `within` runs in the refund's transaction, so what it is for commits with it or not at all. */
  async function refund(paymentId: number, spec: RefundSpec & { amountCents?: number }): Promise<Refund> {
    const [made] = await refundParts([{ paymentId, amountCents: spec.amountCents }], spec);
    return made!;
  }

  /** A party paid in parts (ADR 024): all parts commit together; extra parts add their payment id to the request key. */
  async function refundParts(parts: { paymentId: number; amountCents?: number }[], spec: RefundSpec): Promise<Refund[]> {
    const now = clock().toISOString();
    const site = spec.staff?.notifyPayer ? await siteFacts() : null;
    const keyOf = (index: number, paymentId: number) => (index === 0 ? spec.requestKey : `${spec.requestKey}:payment:${paymentId}`);
    const created = await db.transaction().execute(async (trx) => {
      // Id order, so two refunds over the same payments cannot deadlock.
      const payments = new Map<number, Payment>();
      for (const id of [...new Set(parts.map((p) => p.paymentId))].sort((a, b) => a - b)) {
        const payment = await lockPayment(trx, id, lock);
        if (!payment) throw new NotFoundError({ payment: `Payment ${id} doesn't exist.` });
        payments.set(id, payment);
      }
      const existing = await findRefundByRequestKey(trx, spec.requestKey);
      if (existing) {
        if (existing.paymentId !== parts[0]!.paymentId) throw new ConflictError({ refund: 'This refund request belongs to another payment.' });
        const rows = [existing];
        for (const [index, part] of parts.entries()) if (index > 0) rows.push((await findRefundByRequestKey(trx, keyOf(index, part.paymentId)))!);
        return rows;
      }
      const rows: Refund[] = [];
      for (const [index, part] of parts.entries()) {
        const payment = payments.get(part.paymentId)!;
        if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
          throw new ConflictError({ refund: 'Only a paid payment can be refunded.' });
        }
        const committed = await committedRefundCents(trx, part.paymentId);
        const left = payment.amountCents - committed;
        const amount = part.amountCents ?? left;
        if (!Number.isSafeInteger(amount) || amount < 1 || amount > left) {
          throw new ValidationError({ amount: left > 0 ? `Enter an amount from $0.01 to ${formatCents(left)}.` : 'This payment has been refunded in full.' });
        }
        const row = await insertRefund(trx, {
          paymentId: part.paymentId,
          amountCents: amount,
          reason: spec.reason,
          requestKey: keyOf(index, part.paymentId),
          status: 'pending',
          now,
          ...(spec.staff ? { note: spec.staff.note, staffId: spec.staff.id } : {}),
        });
        await setRefunded(trx, payment, committed + amount, spec.reason, now);
        if (site) {
          const notice = await handlerOf(payment).refundMail(trx, payment, { amountCents: amount, reason: spec.reason, refundedBeforeCents: committed }, site);
          await queueMail(trx, notice, { purpose: 'refund_notice', paymentId: part.paymentId, dedupeKey: `refund:${row.id}:notice` }, clock());
        }
        if (spec.staff) await spec.staff.audit(trx, payment, row);
        rows.push(row);
      }
      if (spec.within) await spec.within(trx, payments.get(parts[0]!.paymentId)!, rows[0]!);
      return rows;
    });
    if (site) mail.kick();
    for (const row of created) await executeRefund(row);
    return Promise.all(created.map(async (row) => (await findRefund(db, row.id))!));
  }

  /** An outage leaves it pending for the sweep. */
  async function executeRefund(refund: Refund): Promise<void> {
    if (refund.status !== 'pending') return;
    const now = clock();
    if (!(await claimRefund(db, refund, new Date(now.getTime() + REFUND_LEASE_MS).toISOString()))) return;
    const payment = await findPayment(db, refund.paymentId);
    if (!payment?.intentId) return;
    try {
      const done = await gateway.refund({ intentId: payment.intentId, amountCents: refund.amountCents, idempotencyKey: `refund-${refund.gatewayKey}` });
      await markRefundSucceeded(db, refund.id, done.id, clock().toISOString());
      logger.info({ paymentId: payment.id, refundId: refund.id, amountCents: refund.amountCents, reason: refund.reason }, 'refund made');
    } catch (error) {
      if (error instanceof RefundRefusedError && error.code === 'charge_already_refunded') {
        // Refunded in the provider's dashboard first: the money is back either way.
        await markRefundSucceeded(db, refund.id, null, clock().toISOString());
        return;
      }
      if (error instanceof RefundRefusedError) {
        await db.transaction().execute(async (trx) => {
          if (!(await markRefundFailed(trx, refund.id, error.message, clock().toISOString()))) return;
          const locked = (await lockPayment(trx, payment.id, lock))!;
          await setRefunded(trx, locked, await committedRefundCents(trx, payment.id), locked.statusReason, clock().toISOString());
        });
        logger.error({ err: error, paymentId: payment.id, refundId: refund.id }, 'the gateway refused a refund: staff must look at this payment');
        return;
      }
      const attempts = refund.attempts + 1;
      const retryAt = new Date(clock().getTime() + retryDelayMs(attempts)).toISOString();
      await scheduleRefundRetry(db, refund.id, error instanceof Error ? error.message : String(error), retryAt, clock().toISOString());
      logger.error({ err: error, paymentId: payment.id, refundId: refund.id, attempts, retryAt }, 'refund could not be sent to the gateway; will retry');
    }
  }

  /** Stripe Dashboard refunds, through the webhook. */
  async function refundedOutside(intentId: string, amountRefundedCents: number): Promise<void> {
    const payment = await findPaymentByIntent(db, intentId);
    if (!payment) return;
    await db.transaction().execute(async (trx) => {
      const locked = (await lockPayment(trx, payment.id, lock))!;
      const committed = await committedRefundCents(trx, payment.id);
      const extra = Math.min(amountRefundedCents, locked.amountCents) - committed;
      if (extra <= 0 || (locked.status !== 'paid' && locked.status !== 'partially_refunded')) return;
      const now = clock().toISOString();
      await insertRefund(trx, { paymentId: payment.id, amountCents: extra, reason: 'outside_site', requestKey: `outside:${intentId}:${amountRefundedCents}`, status: 'succeeded', now });
      await setRefunded(trx, locked, committed + extra, 'outside_site', now);
    });
    logger.warn({ paymentId: payment.id, amountRefundedCents }, 'refund made outside the site recorded');
  }

  return { refund, refundParts, executeRefund, refundedOutside };
}
