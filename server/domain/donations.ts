import { TRIBUTE_WORDS, type IntentAnswer, type SavedDonation, type SavedDonationIntent } from '../../common/donations';
import { DonationIntentSchema, SaveDonationSchema } from '../../common/donations.wire';
import { centsToDecimalString } from '../../common/money';
import type { Db } from '../db/database';
import { receiptNumber } from '../../common/receipts';
import { findDonationOfPayment, insertDonation, setDonationSubscription, type Donation } from '../db/repositories/donations';
import type { Payment } from '../db/repositories/payments';
import { donationReceiptEmail } from '../mail/templates/donation-receipt';
import { refundNoticeEmail } from '../mail/templates/refund-notice';
import type { MailSiteFacts } from '../mail/templates/site';
import { tributeNotificationEmail } from '../mail/templates/tribute-notification';
import { findPlan } from '../db/repositories/giving-plans';
import type { Logger } from '../logger';
import type { AuthUser } from './supporter-sessions';
import { manageLinkOf, planGiftPaid } from './giving-plans';
import type { PayerKeys } from './counters';
import { parseBody } from './parse';
import { campaignOnReceipt, campaignTakingGifts } from './campaigns/campaigns';
import type { PaymentCore, PaymentPurposeHandler, Trx } from './payments/core';

const DONATION_PAYABLE_MS = 60 * 60_000;

async function donationOf(db: Db | Trx, payment: Payment): Promise<Donation> {
  const donation = await findDonationOfPayment(db, payment.id);
  if (!donation) throw new Error(`payment ${payment.id} has no donation`);
  return donation;
}

/** A monthly gift starts or moves its plan when paid, and its receipt carries the plan's signed link. */
export function donationPurpose({ logger, planSecret, receiptUrl }: { logger: Logger; planSecret: string; receiptUrl: (site: MailSiteFacts, paymentId: number) => string }): PaymentPurposeHandler {
  return {
    purpose: 'donation',
    refusal: async () => null,
    subscriptionOf: async (db, payment) => (await findDonationOfPayment(db, payment.id))?.subscriptionId ?? null,
    async paid(trx, payment, intent, now) {
      await planGiftPaid(trx, await donationOf(trx, payment), payment, intent, now, logger);
    },
    async paidMail(trx, payment, site) {
      const donation = await donationOf(trx, payment);
      const { tribute } = donation;
      const plan = donation.plan ? await findPlan(trx, donation.plan.id) : undefined;
      return donationReceiptEmail({
        to: donation.email,
        site,
        donation: {
          id: donation.id,
          amountCents: payment.amountCents,
          message: donation.message,
          paidAt: new Date(payment.paidAt!),
          feeCents: donation.feeCents,
          tribute: tribute ? { words: TRIBUTE_WORDS[tribute.kind], name: tribute.name, notified: tribute.notify?.name ?? null } : null,
          anonymous: donation.anonymous,
          monthly: plan ? { manageLink: manageLinkOf(site, planSecret, plan) } : null,
          campaign: donation.campaignId === null ? null : await campaignOnReceipt(trx, donation.campaignId),
        },
        receiptUrl: receiptUrl(site, payment.id),
      });
    },
    async paidNotices(trx, payment, site) {
      const { tribute, anonymous, donorName } = await donationOf(trx, payment);
      if (!tribute?.notify) return [];
      const message = tributeNotificationEmail({
        to: tribute.notify.email,
        site,
        recipientName: tribute.notify.name,
        // Anonymity holds here too.
        from: anonymous || !donorName ? 'An anonymous donor' : donorName,
        kind: tribute.kind,
        tributeName: tribute.name,
        amountCents: tribute.notify.includeAmount ? payment.amountCents : null,
      });
      return [{ key: 'tribute', purpose: 'tribute_notification', message }];
    },
    async refundMail(trx, payment, refund, site) {
      const donation = await donationOf(trx, payment);
      return refundNoticeEmail({
        to: donation.email,
        site,
        what: `your donation (receipt ${receiptNumber({ donationId: donation.id })})`,
        amountCents: refund.amountCents,
        reason: refund.reason,
        paid: { kind: 'gift', amountCents: payment.amountCents, leftCents: payment.amountCents - (refund.refundedBeforeCents ?? 0) - refund.amountCents },
      });
    },
    released: async () => undefined,
  };
}

/** Spec §7. */
export function createDonations({
  db,
  core,
  monthlyBy,
  receiptPath,
}: {
  db: Db;
  core: PaymentCore;
  /** The signed receipt page (ADR 025): whoever holds the client secret had it emailed anyway. */
  receiptPath: (paymentId: number) => string;
  /** ADR 027: the site charges a kept card (simulated gateway) or the gateway runs subscriptions (Stripe). */
  monthlyBy: 'schedule' | 'subscription';
}) {
  return {
    async createIntent(body: unknown, user: AuthUser | null, clientKey: string | null): Promise<IntentAnswer<SavedDonationIntent>> {
      const input = parseBody(DonationIntentSchema, body);
      const payer: PayerKeys = { userId: user?.id ?? null, clientKey };
      // The server's own total is charged; the form's total was only checked.
      const bySubscription = input.monthly && monthlyBy === 'subscription';
      const { intent, record: donation, subscriptionId } = await core.open({
        purpose: 'donation',
        amountCents: input.totalCents,
        payer,
        payableForMs: DONATION_PAYABLE_MS,
        receiptEmail: input.email,
        description: (site) => `Donation to ${site.name}`,
        metadata: input.monthly ? { monthly: 'yes' } : {},
        saveCard: input.monthly && monthlyBy === 'schedule',
        ...(bySubscription ? { subscription: { email: input.email, name: input.name } } : {}),
        record: async (trx, payment, now) => {
          // In the payment's own transaction: a closed campaign leaves no payment behind.
          if (input.campaignId !== null) await campaignTakingGifts(trx, input.campaignId, now);
          return insertDonation(trx, {
            paymentId: payment.id,
            email: input.email,
            message: input.message,
            donorName: input.name,
            anonymous: input.anonymous,
            giftCents: input.giftCents,
            feeCents: input.feeCents,
            tribute: input.tribute,
            monthly: input.monthly,
            campaignId: input.campaignId,
            now: now.toISOString(),
          });
        },
      });
      // Before anyone has the client secret, so the plan made when it is paid always finds it.
      if (subscriptionId) await setDonationSubscription(db, donation.id, subscriptionId);
      return {
        clientSecret: intent.clientSecret,
        savedIntent: { amount: centsToDecimalString(input.amount), email: donation.email, message: donation.message },
      };
    },

    async save(body: unknown): Promise<SavedDonation> {
      const input = parseBody(SaveDonationSchema, body);
      // Donations may be anonymous: holding the client secret is what entitles the caller.
      const payment = await core.save({
        purpose: 'donation',
        clientSecret: input.token,
        claimedAmountCents: input.amount,
        mayAccess: () => true,
        notYours: 'This payment is not a donation. Please start again.',
      });
      const donation = await donationOf(db, payment);
      return {
        id: donation.id,
        amount: centsToDecimalString(payment.amountCents),
        email: donation.email,
        message: donation.message,
        status: 'paid',
        paidAt: payment.paidAt ?? payment.createdAt,
        receiptUrl: receiptPath(payment.id),
      };
    },
  };
}

export type Donations = ReturnType<typeof createDonations>;
