import { centsToDecimalString } from '../../common/money';
import {
  DonationIntentSchema,
  SaveDonationSchema,
  type IntentAnswer,
  type SavedDonation,
  type SavedDonationIntent,
} from '../../common/donations';
import type { Db } from '../db/database';
import { nowIso } from '../db/json';
import { attachIntent, findDonationByIntent, insertPendingDonation, markDonationPaid, type Donation } from '../db/repositories/donations';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { donationReceiptEmail } from '../mail/templates/donation-receipt';
import type { MailSiteFacts } from '../mail/templates/site';
import type { GatewayIntent, PaymentGateway } from '../payments/gateway';
import type { AuthUser } from './accounts';
import { ValidationError } from './errors';
import { parseBody } from './parse';
import { verifiedIntent } from './payment-checks';

export interface DonationsDeps {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  logger: Logger;
  siteFacts: (origin: string) => Promise<MailSiteFacts>;
  /** Origin for links in mail sent outside a request (webhook, reconciliation). */
  origin: () => string;
}

/** Spec §7 donation calls and the paid-donation path shared by save, webhook and reconciliation. */
export function createDonations({ db, gateway, mailer, logger, siteFacts, origin }: DonationsDeps) {
  async function sendReceipt(donation: Donation, paidAt: string): Promise<void> {
    try {
      const site = await siteFacts(origin());
      await mailer.send(
        donationReceiptEmail({
          to: donation.email,
          site,
          donation: { id: donation.id, amountCents: donation.amountCents, message: donation.message, paidAt: new Date(paidAt) },
        }),
      );
    } catch (error) {
      // The gift is recorded either way; staff can resend from the log.
      logger.error({ err: error, donationId: donation.id }, 'donation receipt could not be sent');
    }
  }

  /** Marks the donation paid once and mails the receipt once, whoever gets here first. */
  async function markPaid(donation: Donation): Promise<Donation> {
    if (donation.status === 'paid') return donation;
    const paidAt = nowIso();
    if (await markDonationPaid(db, donation.id, paidAt)) {
      logger.info({ donationId: donation.id, amountCents: donation.amountCents }, 'donation paid');
      await sendReceipt(donation, paidAt);
      return { ...donation, status: 'paid', paidAt };
    }
    return (await findDonationByIntent(db, donation.paymentIntentId!)) ?? donation;
  }

  return {
    async createIntent(body: unknown, user: AuthUser | null): Promise<IntentAnswer<SavedDonationIntent>> {
      const input = parseBody(DonationIntentSchema, body);
      const donation = await insertPendingDonation(db, { userId: user?.id ?? null, ...input, amountCents: input.amount });
      const site = await siteFacts(origin());
      const intent = await gateway.createIntent({
        amountCents: donation.amountCents,
        currency: 'usd',
        receiptEmail: donation.email,
        description: `Donation to ${site.name}`,
        metadata: { kind: 'donation', donationId: String(donation.id) },
        idempotencyKey: `donation-${donation.id}`,
      });
      await attachIntent(db, donation.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        savedIntent: { amount: centsToDecimalString(donation.amountCents), email: donation.email, message: donation.message },
      };
    },

    async save(body: unknown): Promise<SavedDonation> {
      const input = parseBody(SaveDonationSchema, body);
      const intent = await verifiedIntent(gateway, input.token);
      const donation = await findDonationByIntent(db, intent.id);
      if (!donation) throw new ValidationError({ token: 'This payment is not a donation. Please start again.' });
      if (input.amount !== donation.amountCents || intent.amountCents !== donation.amountCents) {
        throw new ValidationError({ amount: 'The amount does not match the payment. Please start again.' });
      }
      if (intent.status !== 'succeeded') {
        throw new ValidationError({ card: 'The payment has not gone through. Please check the card details and try again.' });
      }
      const paid = await markPaid(donation);
      return {
        id: paid.id,
        amount: centsToDecimalString(paid.amountCents),
        email: paid.email,
        message: paid.message,
        status: 'paid',
        paidAt: paid.paidAt ?? nowIso(),
      };
    },

    /** A succeeded intent reported by the gateway (webhook, simulated event, reconciliation). */
    async intentSucceeded(intent: GatewayIntent): Promise<void> {
      const donation = await findDonationByIntent(db, intent.id);
      if (!donation) {
        logger.warn({ intentId: intent.id }, 'succeeded intent matches no donation');
        return;
      }
      if (intent.amountCents !== donation.amountCents) {
        logger.error({ intentId: intent.id, donationId: donation.id }, 'succeeded intent amount differs from the donation');
        return;
      }
      await markPaid(donation);
    },
  };
}

export type Donations = ReturnType<typeof createDonations>;
