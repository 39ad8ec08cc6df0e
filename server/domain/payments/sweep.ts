import type { Db } from '../../db/database';
import { claimForCheck, listPendingToCheck, scheduleCheck, type Payment } from '../../db/repositories/payments';
import { listDueRefunds } from '../../db/repositories/refunds';
import type { Logger } from '../../logger';
import type { PaymentGateway } from '../../payments/gateway';
import type { PaymentCore } from './core';

export interface SweepResult {
  checked: number;
  settled: number;
  expired: number;
  refundsRetried: number;
}

const BATCH = 100;
// A crashed sweep's rows come back after this.
const LEASE_MS = 2 * 60_000;
// A crash between the two writes.
const NO_INTENT_GRACE_MS = 10 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * The last line of defence (ADR 013): asks the gateway about every pending payment, settling or
 * expiring each. Payments are claimed first, so sweeps on several instances share the work.
 */
export function createPaymentSweep({ db, gateway, core, logger, clock = () => new Date() }: { db: Db; gateway: PaymentGateway; core: PaymentCore; logger: Logger; clock?: () => Date }) {
  async function check(payment: Payment, result: SweepResult): Promise<void> {
    const now = clock();
    if (!(await claimForCheck(db, payment, new Date(now.getTime() + LEASE_MS).toISOString()))) return;
    result.checked += 1;
    try {
      if (!payment.intentId) {
        if (Date.parse(payment.createdAt) + NO_INTENT_GRACE_MS <= now.getTime()) {
          await core.giveUp(payment, 'no_intent');
          result.expired += 1;
        } else await reschedule(payment);
        return;
      }
      const intent = await gateway.retrieveIntent(payment.intentId);
      if (intent.status === 'succeeded') {
        const settled = await core.settle(intent);
        if (settled.outcome === 'paid' || settled.outcome === 'refused') result.settled += 1;
        return;
      }
      if (intent.status === 'canceled' || Date.parse(payment.expiresAt) <= now.getTime()) {
        const after = await core.giveUp(payment, 'abandoned');
        if (after.status === 'expired' || after.status === 'failed') result.expired += 1;
        else if (after.status === 'pending') await reschedule(payment);
        else result.settled += 1;
        return;
      }
      await reschedule(payment);
    } catch (error) {
      logger.warn({ err: error, paymentId: payment.id }, 'sweep could not check a payment; will retry');
      await reschedule(payment);
    }
  }

  /** Doubling, at most an hour, never later than the payment's expiry. */
  async function reschedule(payment: Payment): Promise<void> {
    const now = clock().getTime();
    const backoff = Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** payment.checks);
    const at = Math.max(now + 30_000, Math.min(now + backoff, Date.parse(payment.expiresAt)));
    await scheduleCheck(db, payment.id, new Date(at).toISOString());
  }

  /** `everything` at start-up, when a crash may have left anything behind; otherwise only due checks. */
  async function sweep({ everything = false }: { everything?: boolean } = {}): Promise<SweepResult> {
    const result: SweepResult = { checked: 0, settled: 0, expired: 0, refundsRetried: 0 };
    let afterId = everything ? 0 : undefined;
    for (;;) {
      const batch = await listPendingToCheck(db, clock().toISOString(), BATCH, afterId);
      if (batch.length === 0) break;
      const before = result.checked;
      for (const payment of batch) await check(payment, result);
      if (afterId !== undefined) afterId = batch.at(-1)!.id;
      // Nothing claimed means others have them.
      else if (result.checked === before) break;
    }
    for (const refund of await listDueRefunds(db, clock().toISOString(), BATCH)) {
      await core.executeRefund(refund);
      result.refundsRetried += 1;
    }
    if (result.settled > 0 || result.expired > 0) logger.info(result, 'payment sweep');
    return result;
  }

  return { sweep };
}

export type PaymentSweep = ReturnType<typeof createPaymentSweep>;
