import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { donationTotal, type GivingPlanView } from '../../common/donations';
import { ChangePlanSchema, PlanLinkSchema } from '../../common/donations.wire';
import { parseCalendarDate, todayInFoundationZone } from '../../common/dates';
import { centsToDecimalString } from '../../common/money';
import type { Db } from '../db/database';
import { findDonationOfInvoice, insertDonation, linkDonationToPlan, planMonthTaken, type Donation } from '../db/repositories/donations';
import {
  claimDuePlan,
  findPlan,
  findPlanOfSubscription,
  insertPlan,
  listDuePlanIds,
  listPlansOfUser,
  movePlanOn,
  releasePlan,
  scheduleRetry,
  stopPlan,
  updatePlan,
  type GivingPlanRow,
} from '../db/repositories/giving-plans';
import type { Payment } from '../db/repositories/payments';
import type { Logger } from '../logger';
import { monthlyGiftChangedEmail } from '../mail/templates/monthly-gift-changed';
import { monthlyGiftDeclinedEmail } from '../mail/templates/monthly-gift-declined';
import type { MailSiteFacts } from '../mail/templates/site';
import type { PayerKeys } from './counters';
import { ConflictError, NotFoundError } from './errors';
import { queueMail, type MailDelivery } from './mail-queue';
import { parseBody } from './parse';
import type { PaymentCore, Trx } from './payments/core';
import type { GatewayIntent, GatewayInvoice, PaymentGateway } from '../payments/gateway';

/**
 * Monthly gifts (ADR 027). On the simulated gateway a job charges each due month with the saved
 * card, once per plan and month across instances; on Stripe a Subscription does and invoices arrive by webhook.
 */

const DAY_MS = 24 * 60 * 60_000;
const RETRY_AFTER_DAYS = 3;
const MAX_ATTEMPTS = 3;
// Longer than any charge can take, so a lease never runs out under a live charge.
const LEASE_MS = 10 * 60_000;
// Its runner died.
const PLAN_CHARGE_PAYABLE_MS = 30 * 60_000;
const DUE_BATCH = 50;

/** The anchor day, or that month's last day. */
function nextMonthOn(date: string, anchorDay: number): string {
  const [year, month] = parseCalendarDate(date);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  const lastDay = new Date(Date.UTC(nextYear, nextMonth, 0)).getUTCDate();
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(Math.min(anchorDay, lastDay)).padStart(2, '0')}`;
}

/** A new manage key revokes every link sent before. */
function planSignature(secret: string, plan: { id: number; manage_key: string }): string {
  return createHmac('sha256', secret).update(`giving-plan:${plan.id}:${plan.manage_key}`).digest('base64url');
}

export function manageLinkOf(site: MailSiteFacts, secret: string, plan: { id: number; manage_key: string }): string {
  return `${site.url}/giving/manage?plan=${plan.id}&sig=${planSignature(secret, plan)}`;
}

function viewOf(plan: GivingPlanRow): GivingPlanView {
  const coverFees = Number(plan.cover_fees) === 1;
  return {
    id: Number(plan.id),
    amount: centsToDecimalString(plan.gift_cents),
    coverFees,
    total: centsToDecimalString(donationTotal(plan.gift_cents, coverFees).totalCents),
    status: plan.status,
    nextChargeOn: plan.status === 'active' ? plan.next_charge_on : null,
  };
}

/** In the settle transaction, so the month is paid exactly when the plan has moved past it. */
export async function planGiftPaid(trx: Trx, donation: Donation, payment: Payment, intent: GatewayIntent, now: Date, logger: Logger): Promise<void> {
  if (donation.plan && donation.plan.attempt > 0) {
    const plan = await findPlan(trx, donation.plan.id);
    if (plan && plan.next_charge_on.startsWith(donation.plan.month)) {
      await movePlanOn(trx, plan.id, plan.next_charge_on, nextMonthOn(plan.next_charge_on, plan.anchor_day), now.toISOString());
    }
    return;
  }
  if (!donation.monthly || donation.plan) return;
  if (!donation.subscriptionId && !intent.paymentMethodId) {
    logger.error({ paymentId: payment.id }, 'a monthly gift was paid but the gateway kept no card and started no subscription: no plan started');
    return;
  }
  const today = todayInFoundationZone(now);
  const anchorDay = parseCalendarDate(today)[2];
  const plan = await insertPlan(trx, {
    email: donation.email,
    userId: payment.userId,
    donorName: donation.donorName,
    anonymous: donation.anonymous,
    giftCents: donation.giftCents,
    coverFees: donation.feeCents > 0,
    anchorDay,
    nextChargeOn: nextMonthOn(today, anchorDay),
    paymentMethodId: donation.subscriptionId ? '' : (intent.paymentMethodId ?? ''),
    subscriptionId: donation.subscriptionId,
    manageKey: randomBytes(24).toString('base64url'),
    firstPaymentId: payment.id,
    now: now.toISOString(),
  });
  await linkDonationToPlan(trx, donation.id, { id: plan.id, month: today.slice(0, 7) });
}

function insertMonthGift(
  trx: Trx,
  plan: GivingPlanRow,
  payment: Payment,
  gift: { month: string; attempt: number; parts: { giftCents: number; feeCents: number }; invoiceId?: string },
  now: Date,
) {
  return insertDonation(trx, {
    paymentId: payment.id,
    email: plan.email,
    message: '',
    donorName: plan.donor_name,
    anonymous: Number(plan.anonymous) === 1,
    giftCents: gift.parts.giftCents,
    feeCents: gift.parts.feeCents,
    plan: { id: plan.id, month: gift.month, attempt: gift.attempt },
    ...(gift.invoiceId ? { invoiceId: gift.invoiceId } : {}),
    now: now.toISOString(),
  });
}

export function createGivingPlans({
  db,
  core,
  gateway,
  mail,
  logger,
  siteFacts,
  secret,
  clock = () => new Date(),
}: {
  db: Db;
  core: PaymentCore;
  gateway: PaymentGateway;
  mail: MailDelivery;
  logger: Logger;
  siteFacts: () => Promise<MailSiteFacts>;
  secret: string;
  clock?: () => Date;
}) {
  type Outcome = 'charged' | 'declined' | 'skipped';

  async function chargeMonth(plan: GivingPlanRow): Promise<Outcome> {
    const month = plan.next_charge_on.slice(0, 7);
    const before = await planMonthTaken(db, plan.id, month);
    // Paid already, or a charge still pending: the sweep settles or ends that one first.
    if (before.taken) return 'skipped';
    const attempt = before.attempts + 1;
    const coverFees = Number(plan.cover_fees) === 1;
    const total = donationTotal(plan.gift_cents, coverFees);
    const payer: PayerKeys = { userId: plan.user_id, clientKey: null };
    let opened: Awaited<ReturnType<typeof core.open<Donation>>>;
    try {
      opened = await core.open({
        purpose: 'donation',
        amountCents: total.totalCents,
        payer,
        payableForMs: PLAN_CHARGE_PAYABLE_MS,
        receiptEmail: plan.email,
        description: (site) => `Monthly gift to ${site.name}`,
        metadata: { planId: String(plan.id), month },
        // The unique (plan, month, attempt) makes a second opening of this attempt impossible.
        record: (trx, payment, now) => insertMonthGift(trx, plan, payment, { month, attempt, parts: total }, now),
      });
    } catch (error) {
      if ((await planMonthTaken(db, plan.id, month)).attempts >= attempt) return 'skipped';
      throw error;
    }
    const result = await core.chargeSaved(opened.payment, plan.payment_method_id);
    if (result.paid) {
      logger.info({ planId: plan.id, month, paymentId: opened.payment.id }, 'monthly gift charged');
      return 'charged';
    }
    await declined(plan, month, attempt, total.totalCents, result.declined);
    return 'declined';
  }

  async function declined(plan: GivingPlanRow, month: string, attempt: number, totalCents: number, reason: string): Promise<void> {
    const site = await siteFacts();
    const now = clock();
    const giveUp = attempt >= MAX_ATTEMPTS;
    const retryAt = new Date(now.getTime() + RETRY_AFTER_DAYS * DAY_MS);
    const next = nextMonthOn(plan.next_charge_on, plan.anchor_day);
    await db.transaction().execute(async (trx) => {
      if (giveUp) await movePlanOn(trx, plan.id, plan.next_charge_on, next, now.toISOString());
      else await scheduleRetry(trx, plan.id, plan.next_charge_on, attempt, retryAt.toISOString(), now.toISOString());
      const message = monthlyGiftDeclinedEmail({
        to: plan.email,
        site,
        amountCents: totalCents,
        reason,
        retryOn: giveUp ? null : todayInFoundationZone(retryAt),
        nextChargeOn: next,
        manageLink: manageLinkOf(site, secret, plan),
      });
      await queueMail(trx, message, { purpose: 'monthly_gift_declined', dedupeKey: `plan:${plan.id}:${month}:${attempt}:declined` }, now);
    });
    mail.kick();
    logger.warn({ planId: plan.id, month, attempt, reason, retryAt: giveUp ? null : retryAt.toISOString() }, giveUp ? 'monthly gift declined: month skipped' : 'monthly gift declined: will retry');
  }

  async function planByLink(query: unknown): Promise<GivingPlanRow> {
    const link = parseBody(PlanLinkSchema, query);
    const plan = await findPlan(db, link.plan);
    const expected = plan ? Buffer.from(planSignature(secret, plan)) : null;
    const given = Buffer.from(link.sig);
    if (!plan || !expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new NotFoundError({ plan: 'This link is not valid or no longer works. Please use the link in your latest receipt, or sign in.' });
    }
    return plan;
  }

  async function planOfUser(userId: number, planId: number): Promise<GivingPlanRow> {
    const plan = await findPlan(db, planId);
    if (!plan || plan.user_id !== userId) throw new NotFoundError({ plan: 'No such monthly gift.' });
    return plan;
  }

  /** From the same transaction that made the change. */
  async function queueChangedMail(trx: Trx, plan: GivingPlanRow, change: 'changed' | 'stopped', site: MailSiteFacts, dedupeKey: string): Promise<void> {
    const message = monthlyGiftChangedEmail({
      to: plan.email,
      site,
      change,
      totalCents: donationTotal(plan.gift_cents, Number(plan.cover_fees) === 1).totalCents,
      nextChargeOn: plan.next_charge_on,
      manageLink: manageLinkOf(site, secret, plan),
    });
    await queueMail(trx, message, { purpose: `monthly_gift_${change}`, dedupeKey }, clock());
  }

  async function change(plan: GivingPlanRow, body: unknown): Promise<GivingPlanView> {
    const input = parseBody(ChangePlanSchema, body);
    if (plan.status !== 'active') throw new ConflictError({ plan: 'This monthly gift has been stopped. Start a new one from the Donate button.' });
    if (plan.subscription_id) {
      // Stripe first: unreachable, nothing is written. A write failing after Stripe changed is fixed by the next invoice.
      const totalCents = donationTotal(input.amount, input.coverFees).totalCents;
      await gateway.changeSubscriptionAmount(plan.subscription_id, totalCents, `plan-change-${randomUUID()}`);
    }
    const now = clock().toISOString();
    const site = await siteFacts();
    await db.transaction().execute(async (trx) => {
      await updatePlan(trx, plan.id, { gift_cents: input.amount, cover_fees: input.coverFees ? 1 : 0, updated_at: now });
      await queueChangedMail(trx, { ...plan, gift_cents: input.amount, cover_fees: input.coverFees ? 1 : 0 }, 'changed', site, `plan:${plan.id}:changed:${now}`);
    });
    mail.kick();
    logger.info({ planId: plan.id, giftCents: input.amount }, 'monthly gift amount changed');
    return viewOf((await findPlan(db, plan.id))!);
  }

  /** Once, with its one email. */
  async function markStopped(plan: GivingPlanRow, by: 'donor' | 'gateway'): Promise<void> {
    const now = clock().toISOString();
    const site = await siteFacts();
    const stopped = await db.transaction().execute(async (trx) => {
      if (!(await stopPlan(trx, plan.id, now))) return false;
      await queueChangedMail(trx, plan, 'stopped', site, `plan:${plan.id}:stopped`);
      return true;
    });
    if (!stopped) return;
    mail.kick();
    logger.info({ planId: plan.id, by }, 'monthly gift stopped');
  }

  async function stop(plan: GivingPlanRow): Promise<GivingPlanView> {
    if (plan.status === 'active') {
      // Stripe first, ended at once: a gift owes nothing for the rest of the month.
      if (plan.subscription_id) await gateway.cancelSubscription(plan.subscription_id, `plan-stop-${randomUUID()}`);
      await markStopped(plan, 'donor');
    }
    return viewOf((await findPlan(db, plan.id))!);
  }

  /** Recorded once through the payment core; the first invoice is the donation form's own payment, settled already. */
  async function invoicePaid(invoice: GatewayInvoice): Promise<'recorded' | 'already' | 'ignored'> {
    if (invoice.billingReason !== 'renewal' || !invoice.subscriptionId) return 'ignored';
    const plan = await findPlanOfSubscription(db, invoice.subscriptionId);
    if (!plan) {
      logger.warn({ invoiceId: invoice.id, subscriptionId: invoice.subscriptionId }, 'a paid invoice matches no monthly gift');
      return 'ignored';
    }
    if (await findDonationOfInvoice(db, invoice.id)) return 'already';
    const intentId = invoice.paymentIntentId ?? (await gateway.retrieveInvoice(invoice.id)).paymentIntentId;
    // The webhook answers 500 and Stripe delivers it again.
    if (!intentId) throw new Error(`paid invoice ${invoice.id} names no payment intent`);
    const intent = await gateway.retrieveIntent(intentId);
    const month = plan.next_charge_on.slice(0, 7);
    const planned = donationTotal(plan.gift_cents, Number(plan.cover_fees) === 1);
    // An invoice made just before a change may charge the old amount.
    const parts = planned.totalCents === intent.amountCents ? planned : { giftCents: intent.amountCents, feeCents: 0 };
    try {
      await core.recordPaid({
        purpose: 'donation',
        payer: { userId: plan.user_id, clientKey: null },
        intent,
        // Unique invoice id: a second delivery, even at the same moment, records nothing.
        record: (trx, payment, now) => insertMonthGift(trx, plan, payment, { month, attempt: 1, parts, invoiceId: invoice.id }, now),
      });
    } catch (error) {
      if (await findDonationOfInvoice(db, invoice.id)) return 'already';
      throw error;
    }
    logger.info({ planId: plan.id, month, invoiceId: invoice.id }, 'monthly gift paid at Stripe recorded');
    return 'recorded';
  }

  /** Stripe retries; the donor hears of each try once. The first invoice's failure is the card form's to show. */
  async function invoiceFailed(invoice: GatewayInvoice): Promise<void> {
    if (invoice.billingReason !== 'renewal' || !invoice.subscriptionId) return;
    const plan = await findPlanOfSubscription(db, invoice.subscriptionId);
    if (!plan || plan.status !== 'active') return;
    const site = await siteFacts();
    const now = clock();
    const next = nextMonthOn(plan.next_charge_on, plan.anchor_day);
    await db.transaction().execute(async (trx) => {
      if (!invoice.nextAttemptAt) await movePlanOn(trx, plan.id, plan.next_charge_on, next, now.toISOString());
      const message = monthlyGiftDeclinedEmail({
        to: plan.email,
        site,
        amountCents: invoice.amountDueCents,
        reason: 'Your card was declined.',
        retryOn: invoice.nextAttemptAt ? todayInFoundationZone(invoice.nextAttemptAt) : null,
        nextChargeOn: next,
        manageLink: manageLinkOf(site, secret, plan),
      });
      await queueMail(trx, message, { purpose: 'monthly_gift_declined', dedupeKey: `plan:${plan.id}:invoice:${invoice.id}:${invoice.attemptCount}:declined` }, now);
    });
    mail.kick();
    logger.warn({ planId: plan.id, invoiceId: invoice.id, attempt: invoice.attemptCount }, 'monthly gift declined at Stripe');
  }

  async function subscriptionEnded(subscriptionId: string): Promise<void> {
    const plan = await findPlanOfSubscription(db, subscriptionId);
    if (plan?.status === 'active') await markStopped(plan, 'gateway');
  }

  return {
    /** Safe to run on any number of instances at once. */
    async chargeDue(): Promise<Record<Outcome, number>> {
      const counts: Record<Outcome, number> = { charged: 0, declined: 0, skipped: 0 };
      const now = clock();
      const today = todayInFoundationZone(now);
      for (const id of await listDuePlanIds(db, today, now.toISOString(), DUE_BATCH)) {
        const leaseUntil = new Date(now.getTime() + LEASE_MS).toISOString();
        const plan = await claimDuePlan(db, id, today, now.toISOString(), leaseUntil);
        if (!plan) continue;
        try {
          counts[await chargeMonth(plan)] += 1;
        } catch (error) {
          logger.error({ err: error, planId: id }, 'monthly gift could not be charged; will try again');
        } finally {
          await releasePlan(db, id, leaseUntil);
        }
      }
      return counts;
    },

    invoicePaid,
    invoiceFailed,
    subscriptionEnded,

    viewByLink: async (query: unknown) => viewOf(await planByLink(query)),
    changeByLink: async (query: unknown, body: unknown) => change(await planByLink(query), body),
    stopByLink: async (query: unknown) => stop(await planByLink(query)),

    ofUser: async (userId: number) => (await listPlansOfUser(db, userId)).map(viewOf),

    /** So nobody is charged for an account that is gone; Stripe down throws, and the account is kept. */
    async endSubscriptionsOfUser(userId: number): Promise<void> {
      for (const plan of await listPlansOfUser(db, userId)) {
        if (plan.status === 'active' && plan.subscription_id) await gateway.cancelSubscription(plan.subscription_id, `plan-stop-${randomUUID()}`);
      }
    },
    changeForUser: async (userId: number, planId: number, body: unknown) => change(await planOfUser(userId, planId), body),
    stopForUser: async (userId: number, planId: number) => stop(await planOfUser(userId, planId)),
  };
}

export type GivingPlans = ReturnType<typeof createGivingPlans>;
