import type { Transaction } from 'kysely';
import { formatCents } from '../../../common/money';
import type { RefundReason } from '../../../common/payments';
import type { Db } from '../../db/database';
import {
  attachIntent,
  findPayment,
  findPaymentByIntent,
  insertPayment,
  lockPayment,
  markPaymentPaid,
  markPaymentUnpaid,
  setRefunded,
  SETTLEABLE,
  type Payment,
} from '../../db/repositories/payments';
import { insertRefund } from '../../db/repositories/refunds';
import type { Database, PaymentPurpose } from '../../db/schema';
import type { Logger } from '../../logger';
import type { MailMessage } from '../../mail/mailer';
import type { MailSiteFacts } from '../../mail/templates/site';
import { CardError, IntentNotFoundError, type GatewayIntent, type PaymentGateway } from '../../payments/gateway';
import type { CardTestingGuard, PayerKeys } from '../counters';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { countMailWithKeyPrefix, mailTimesWithKeyPrefix } from '../../db/repositories/mail-outbox';
import { queueMail, type MailDelivery } from '../mail-queue';
import { createRefunds } from './refunds';
import { verifiedIntent } from './verified-intent';


/**
 * The payment core (ADR 013): pending → paid | failed | expired; paid → (partially_)refunded.
 * A gateway success settles even failed and expired payments (honoured or given back); every path
 * that learns of one ends in `settle`, whose conditional UPDATE decides who records it.
 */

export type Trx = Transaction<Database>;

export interface PaymentPurposeHandler {
  readonly purpose: PaymentPurpose;
  /** In the settle transaction: a reason refunds at once (a late payment whose places went). */
  refusal(trx: Trx, payment: Payment, now: string): Promise<RefundReason | null>;
  /** In the settle transaction, before the mail (a monthly gift moves its plan, ADR 027; a party grows, ADR 024). */
  paid?(trx: Trx, payment: Payment, intent: GatewayIntent, now: Date): Promise<void>;
  paidMail(trx: Trx, payment: Payment, site: MailSiteFacts): Promise<MailMessage>;
  /** Each queued once under its own key; a staff resend of the receipt never repeats them. */
  paidNotices?(trx: Trx, payment: Payment, site: MailSiteFacts): Promise<{ key: string; purpose: string; message: MailMessage }[]>;
  /** `refundedBeforeCents`: what earlier refunds already gave back, so a partial refund can say what stays paid. */
  refundMail(trx: Trx, payment: Payment, refund: { amountCents: number; reason: RefundReason; refundedBeforeCents?: number }, site: MailSiteFacts): Promise<MailMessage>;
  /** A monthly gift on Stripe. */
  subscriptionOf?(db: Db, payment: Payment): Promise<string | null>;
  /** Let go of what it held. */
  released(trx: Trx, payment: Payment): Promise<void>;
}

export interface PaymentCoreDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  gateway: PaymentGateway;
  logger: Logger;
  mail: MailDelivery;
  siteFacts: () => Promise<MailSiteFacts>;
  guard: CardTestingGuard;
  clock?: () => Date;
}

export interface OpenSpec<T> {
  purpose: PaymentPurpose;
  amountCents: number;
  payer: PayerKeys;
  payableForMs: number;
  receiptEmail: string;
  description: (site: MailSiteFacts) => string;
  metadata: Record<string, string>;
  /** For later off-session charges. */
  saveCard?: boolean;
  /** A monthly gift on Stripe: later months arrive as invoices (`recordPaid`). */
  subscription?: { email: string; name: string };
  /** In the same transaction as the pending payment. */
  record: (trx: Trx, payment: Payment, now: Date) => Promise<T>;
}

export type SettleResult =
  | { outcome: 'paid' | 'refused' | 'already'; payment: Payment }
  | { outcome: 'unknown' | 'mismatch' | 'not_succeeded' };

// Time for its page or webhook to save it before the sweep asks.
const FIRST_CHECK_MS = 2 * 60_000;

export function createPaymentCore({ db, dialect, gateway, logger, mail, siteFacts, guard, clock = () => new Date() }: PaymentCoreDeps) {
  const handlers = new Map<PaymentPurpose, PaymentPurposeHandler>();
  const lock = dialect === 'postgres';

  function handlerOf(payment: Payment): PaymentPurposeHandler {
    const handler = handlers.get(payment.purpose);
    if (!handler) throw new Error(`no handler for payments of purpose ${payment.purpose}`);
    return handler;
  }

  const refunds = createRefunds({ db, gateway, logger, mail, siteFacts, clock, lock, handlerOf });
  const { executeRefund } = refunds;

  const payerOf = (payment: Payment): PayerKeys => ({ userId: payment.userId, clientKey: payment.clientKey });

  async function open<T>(spec: OpenSpec<T>): Promise<{ payment: Payment; intent: GatewayIntent; record: T; subscriptionId: string | null }> {
    await guard.assertAllowed(spec.payer);
    const site = await siteFacts();
    const now = clock();
    const { payment, record } = await db.transaction().execute(async (trx) => {
      const payment = await insertPayment(trx, {
        purpose: spec.purpose,
        amountCents: spec.amountCents,
        userId: spec.payer.userId,
        clientKey: spec.payer.clientKey,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + spec.payableForMs).toISOString(),
        firstCheckAt: new Date(now.getTime() + FIRST_CHECK_MS).toISOString(),
      });
      return { payment, record: await spec.record(trx, payment, now) };
    });
    try {
      const metadata = { ...spec.metadata, kind: payment.purpose, paymentId: String(payment.id) };
      // Never an id a restored backup could hand out again (ADR 013).
      const idempotencyKey = `payment-${payment.gatewayKey}`;
      let intent: GatewayIntent;
      let subscriptionId: string | null = null;
      if (spec.subscription) {
        const subscription = await gateway.createSubscription({
          amountCents: payment.amountCents,
          currency: 'usd',
          email: spec.subscription.email,
          name: spec.subscription.name,
          description: spec.description(site),
          metadata,
          idempotencyKey,
        });
        intent = subscription.intent;
        subscriptionId = subscription.id;
      } else {
        intent = await gateway.createIntent({
          amountCents: payment.amountCents,
          currency: 'usd',
          receiptEmail: spec.receiptEmail,
          description: spec.description(site),
          metadata,
          idempotencyKey,
          ...(spec.saveCard ? { saveCard: true } : {}),
        });
      }
      await attachIntent(db, payment.id, intent.id, clock().toISOString());
      return { payment: { ...payment, intentId: intent.id }, intent, record, subscriptionId };
    } catch (error) {
      // Nothing can be charged without the secret, which nobody got.
      await endUnpaid(payment, 'failed', 'gateway_error');
      throw error;
    }
  }

  async function endUnpaid(payment: Payment, status: 'failed' | 'expired', reason: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const ended = await markPaymentUnpaid(trx, payment.id, status, reason, clock().toISOString());
      if (ended) await handlerOf(payment).released(trx, payment);
      return ended;
    });
  }

  /** Exactly once. */
  async function settle(intent: GatewayIntent): Promise<SettleResult> {
    const payment = await findPaymentByIntent(db, intent.id);
    if (!payment) {
      logger.warn({ intentId: intent.id }, 'succeeded intent matches no payment');
      return { outcome: 'unknown' };
    }
    if (intent.status !== 'succeeded') return { outcome: 'not_succeeded' };
    if (intent.amountCents !== payment.amountCents || intent.currency !== payment.currency) {
      logger.error({ intentId: intent.id, paymentId: payment.id, intentAmount: intent.amountCents, amountCents: payment.amountCents }, 'succeeded intent amount differs from the payment: not recorded');
      return { outcome: 'mismatch' };
    }
    if (!SETTLEABLE.includes(payment.status)) return { outcome: 'already', payment };

    const handler = handlerOf(payment);
    const site = await siteFacts();
    const settled = await db.transaction().execute(async (trx) => {
      const now = clock();
      if (!(await markPaymentPaid(trx, payment.id, now.toISOString()))) return null;
      const paid: Payment = { ...payment, status: 'paid', paidAt: now.toISOString() };
      const refusal = await handler.refusal(trx, paid, now.toISOString());
      if (refusal) {
        const refund = await insertRefund(trx, {
          paymentId: payment.id,
          amountCents: payment.amountCents,
          reason: refusal,
          requestKey: `refused:${payment.id}`,
          status: 'pending',
          now: now.toISOString(),
        });
        await setRefunded(trx, paid, payment.amountCents, refusal, now.toISOString());
        await queueMail(trx, await handler.refundMail(trx, paid, { amountCents: paid.amountCents, reason: refusal }, site), { purpose: 'refund_notice', paymentId: payment.id, dedupeKey: `payment:${payment.id}:refused` }, now);
        return { outcome: 'refused' as const, refund };
      }
      await handler.paid?.(trx, paid, intent, now);
      await queueMail(trx, await handler.paidMail(trx, paid, site), { purpose: `${payment.purpose}_paid`, paymentId: payment.id, dedupeKey: `payment:${payment.id}:paid` }, now);
      for (const notice of (await handler.paidNotices?.(trx, paid, site)) ?? []) {
        await queueMail(trx, notice.message, { purpose: notice.purpose, paymentId: payment.id, dedupeKey: `payment:${payment.id}:${notice.key}` }, now);
      }
      return { outcome: 'paid' as const, refund: null };
    });

    const current = (await findPayment(db, payment.id))!;
    if (!settled) return { outcome: 'already', payment: current };
    mail.kick();
    if (settled.outcome === 'paid') {
      logger.info({ paymentId: payment.id, purpose: payment.purpose, amountCents: payment.amountCents }, 'payment paid');
      await guard.recordSuccess(payerOf(payment));
    } else {
      logger.warn({ paymentId: payment.id, purpose: payment.purpose, reason: current.statusReason }, 'late payment refused and refunded');
      if (settled.refund) await executeRefund(settled.refund);
    }
    return { outcome: settled.outcome, payment: (await findPayment(db, payment.id))! };
  }

  /**
   * Money the gateway took by itself (a Stripe subscription month), through the one settle path.
   * `record` must insert something unique (an invoice id) so a second recording fails as a whole.
   */
  async function recordPaid<T>(spec: { purpose: PaymentPurpose; payer: PayerKeys; intent: GatewayIntent; record: (trx: Trx, payment: Payment, now: Date) => Promise<T> }): Promise<SettleResult> {
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const payment = await insertPayment(trx, {
        purpose: spec.purpose,
        amountCents: spec.intent.amountCents,
        userId: spec.payer.userId,
        clientKey: spec.payer.clientKey,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + FIRST_CHECK_MS).toISOString(),
        firstCheckAt: new Date(now.getTime() + FIRST_CHECK_MS).toISOString(),
      });
      await attachIntent(trx, payment.id, spec.intent.id, now.toISOString());
      await spec.record(trx, payment, now);
    });
    return settle(spec.intent);
  }

  /** A declined saved card does not count toward card testing (nobody is trying cards). */
  async function chargeSaved(payment: Payment, paymentMethodId: string): Promise<{ paid: true; payment: Payment } | { paid: false; declined: string }> {
    try {
      const intent = await gateway.chargeSavedCard(payment.intentId!, paymentMethodId);
      const result = await settle(intent);
      return { paid: true, payment: 'payment' in result ? result.payment : payment };
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      await endUnpaid(payment, 'failed', 'card_declined');
      return { paid: false, declined: error.message };
    }
  }

  /** Checks the secret, the purpose, the caller and the amounts before settling. */
  async function save(spec: { purpose: PaymentPurpose; clientSecret: string; claimedAmountCents: number; mayAccess: (payment: Payment) => boolean | Promise<boolean>; notYours: string }): Promise<Payment> {
    const intent = await verifiedIntent(gateway, spec.clientSecret);
    const payment = await findPaymentByIntent(db, intent.id);
    if (!payment || payment.purpose !== spec.purpose || !(await spec.mayAccess(payment))) throw new ValidationError({ token: spec.notYours });
    if (spec.claimedAmountCents !== payment.amountCents || intent.amountCents !== payment.amountCents) {
      throw new ValidationError({ amount: `The amount does not match the payment of ${formatCents(payment.amountCents)}. Please start again.` });
    }
    if (intent.status !== 'succeeded') {
      throw new ValidationError({ card: 'The payment has not gone through. Please check the card details and try again.' });
    }
    const result = await settle(intent);
    return 'payment' in result ? result.payment : payment;
  }

  /** A charged card is settled instead; a processing charge stays. */
  async function giveUp(payment: Payment, reason: 'abandoned' | 'replaced' | 'no_intent'): Promise<Payment> {
    if (payment.intentId) {
      const subscriptionId = (await handlerOf(payment).subscriptionOf?.(db, payment)) ?? null;
      if (subscriptionId) {
        // A subscription's first invoice is voided with it; never one the donor has paid meanwhile.
        const current = await gateway.retrieveIntent(payment.intentId);
        if (current.status === 'succeeded') {
          await settle(current);
          return (await findPayment(db, payment.id))!;
        }
        if (current.status === 'processing') return payment;
        await gateway.cancelSubscription(subscriptionId, `abandon-${payment.gatewayKey}`);
      }
      let intent: GatewayIntent | null = null;
      try {
        intent = await gateway.cancelIntent(payment.intentId);
      } catch (error) {
        if (!(error instanceof IntentNotFoundError)) throw error;
      }
      if (intent?.status === 'succeeded') {
        await settle(intent);
        return (await findPayment(db, payment.id))!;
      }
      if (intent && intent.status !== 'canceled') return payment;
    }
    if (await endUnpaid(payment, payment.intentId ? 'expired' : 'failed', reason)) {
      logger.info({ paymentId: payment.id, purpose: payment.purpose, reason }, 'unpaid payment given up');
    }
    return (await findPayment(db, payment.id))!;
  }

  /** Audited in the same transaction, refusals too; at most `limit.max` per window so nobody floods an inbox. */
  async function resendPaidMail(
    paymentId: number,
    { limit, audit, auditRefusal }: { limit: { max: number; windowMs: number }; audit: (trx: Trx, payment: Payment, to: string) => Promise<void>; auditRefusal: (trx: Trx, payment: Payment, recent: number) => Promise<void> },
  ): Promise<{ sent: true; to: string } | { sent: false; recent: number; nextAt: Date }> {
    const site = await siteFacts();
    const result = await db.transaction().execute(async (trx) => {
      // The lock makes resends take turns, so two at once cannot both pass the count.
      const payment = await lockPayment(trx, paymentId, lock);
      if (!payment) throw new NotFoundError({ payment: `Payment ${paymentId} doesn't exist.` });
      if (payment.status !== 'paid' && payment.status !== 'partially_refunded') {
        throw new ConflictError({ resend: 'Only a paid payment has a receipt or confirmation to send again.' });
      }
      const now = clock();
      const prefix = `payment:${payment.id}:resend:`;
      const recent = await mailTimesWithKeyPrefix(trx, prefix, new Date(now.getTime() - limit.windowMs).toISOString());
      if (recent.length >= limit.max) {
        await auditRefusal(trx, payment, recent.length);
        return { sent: false as const, recent: recent.length, nextAt: new Date(Date.parse(recent[recent.length - limit.max]!) + limit.windowMs) };
      }
      const message = await handlerOf(payment).paidMail(trx, payment, site);
      const earlier = await countMailWithKeyPrefix(trx, prefix);
      await queueMail(trx, message, { purpose: `${payment.purpose}_paid`, paymentId, dedupeKey: `${prefix}${earlier + 1}` }, now);
      await audit(trx, payment, message.to);
      return { sent: true as const, to: message.to };
    });
    if (result.sent) mail.kick();
    return result;
  }

  async function cardDeclined(intentId: string, requesterClientKey: string | null): Promise<void> {
    const payment = await findPaymentByIntent(db, intentId);
    const payer = payment ? payerOf(payment) : { userId: null, clientKey: null };
    await guard.recordDecline(payer);
    if (requesterClientKey && requesterClientKey !== payer.clientKey) await guard.recordDecline({ userId: null, clientKey: requesterClientKey });
  }

  async function assertMayConfirm(intentId: string, requesterClientKey: string | null): Promise<void> {
    const payment = await findPaymentByIntent(db, intentId);
    if (payment) await guard.assertAllowed(payerOf(payment));
    if (requesterClientKey) await guard.assertAllowed({ userId: null, clientKey: requesterClientKey });
  }

  return {
    register(handler: PaymentPurposeHandler): void {
      handlers.set(handler.purpose, handler);
    },
    open,
    recordPaid,
    settle,
    save,
    chargeSaved,
    giveUp,
    ...refunds,
    resendPaidMail,
    cardDeclined,
    assertMayConfirm,
  };
}

export type PaymentCore = ReturnType<typeof createPaymentCore>;
