import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { PaymentIntentsTable } from '../db/schema';
import type { Logger } from '../logger';
import {
  CardError,
  IdempotencyError,
  IntentNotFoundError,
  RefundRefusedError,
  WebhookSignatureError,
  type CreateIntentInput,
  type GatewayEvent,
  type GatewayIntent,
  type IntentStatus,
  type PaymentGateway,
} from './gateway';

export interface TestCard {
  number: string;
  /** 'MM/YY' */
  expiry: string;
  cvc: string;
  zip: string;
}

export interface SimulatedGateway extends PaymentGateway {
  readonly kind: 'simulated';
  /** The way Stripe.js confirms a payment. */
  confirmCard(clientSecret: string, card: TestCard, now?: Date): Promise<GatewayIntent>;
}

export function isSimulatedGateway(gateway: PaymentGateway): gateway is SimulatedGateway {
  return gateway.kind === 'simulated' && typeof (gateway as Partial<SimulatedGateway>).confirmCard === 'function';
}

const DECLINING_CARDS: Record<string, [code: string, message: string]> = {
  '4000000000000002': ['card_declined', 'Your card was declined.'],
  '4000000000009995': ['insufficient_funds', 'Your card has insufficient funds.'],
  '4000000000000069': ['expired_card', 'Your card has expired.'],
};

const DECLINE_TEXTS: Record<string, string> = Object.fromEntries(Object.values(DECLINING_CARDS));

// Stripe's own bounds.
const MIN_AMOUNT_CENTS = 50;
const MAX_AMOUNT_CENTS = 99_999_999;

type IntentRow = Selectable<PaymentIntentsTable>;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Like Stripe's ids, so they pass the same checks as real ones. */
function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it would bias the first letters.
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Throws CardError with Stripe's text. */
export function checkTestCard(card: TestCard, now: Date = new Date()): string {
  const digits = card.number.replace(/ /g, '');
  if (!/^\d{16}$/.test(digits) || !luhnValid(digits)) {
    throw new CardError('invalid_number', 'Your card number is invalid.');
  }

  const expiry = /^(\d{2})\/(\d{2})$/.exec(card.expiry.trim());
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) {
    throw new CardError('invalid_expiry_month', "Your card's expiration date is invalid.");
  }
  // Good through the last day of its expiry month, in local time as a card holder reads it.
  const year = 2000 + Number(expiry[2]);
  if (year * 12 + month < now.getFullYear() * 12 + now.getMonth() + 1) {
    throw new CardError('invalid_expiry_year', 'Your card has expired.');
  }

  if (!/^\d{3,4}$/.test(card.cvc.trim())) {
    throw new CardError('invalid_cvc', "Your card's security code is invalid.");
  }
  if (!/^\d{5}(-?\d{4})?$/.test(card.zip.trim())) {
    throw new CardError('incomplete_zip', 'Your postal code is incomplete.');
  }

  const declined = DECLINING_CARDS[digits];
  if (declined) throw new CardError(declined[0], declined[1]);
  return digits;
}

async function noSubscriptions(): Promise<never> {
  throw new Error('The simulated gateway has no subscriptions: its monthly gifts run on the site’s own schedule (ADR 027).');
}

function toIntent(row: IntentRow): GatewayIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    status: row.status as IntentStatus,
    amountCents: row.amount_cents,
    currency: row.currency,
    metadata: JSON.parse(row.metadata_json) as Record<string, string>,
    paymentMethodId: row.payment_method_id,
  };
}

/**
 * Used without Stripe keys: Stripe's test cards, success reported to listeners at once (no
 * webhooks). Like Stripe, a refunded intent still reads `succeeded`; saved cards keep only last four and expiry.
 */
export function createSimulatedGateway({ db, logger }: { db: Db; logger: Logger }): SimulatedGateway {
  const listeners: Array<(intent: GatewayIntent) => Promise<void>> = [];

  const byId = (id: string) => db.selectFrom('payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
  const bySecret = (secret: string) =>
    db.selectFrom('payment_intents').selectAll().where('client_secret', '=', secret).executeTakeFirst();
  const byKey = (key: string) =>
    db.selectFrom('payment_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  async function find(idOrSecret: string): Promise<IntentRow> {
    const row = idOrSecret.includes('_secret_') ? await bySecret(idOrSecret) : await byId(idOrSecret);
    if (!row) throw new IntentNotFoundError(idOrSecret);
    return row;
  }

  function sameRequest(row: IntentRow, input: CreateIntentInput): GatewayIntent {
    if (row.amount_cents !== input.amountCents || row.currency !== input.currency) {
      throw new IdempotencyError(
        `Keys for idempotent requests can only be used with the same parameters they were first used with (key ${input.idempotencyKey}).`,
      );
    }
    return toIntent(row);
  }

  async function notifySucceeded(intent: GatewayIntent): Promise<void> {
    for (const listener of listeners) {
      try {
        await listener(intent);
      } catch (error) {
        // The card was charged: the card holder must hear "paid". Reconciliation retries the record.
        logger.error({ err: error, intentId: intent.id }, 'a payment-succeeded listener failed');
      }
    }
  }

  /** The status guard makes a double submit charge once and notify once. */
  async function succeed(row: IntentRow, values: { payment_method_id?: string } = {}): Promise<GatewayIntent> {
    const result = await db
      .updateTable('payment_intents')
      .set({ status: 'succeeded', last_error: null, updated_at: new Date().toISOString(), ...values })
      .where('id', '=', row.id)
      .where('status', 'not in', ['succeeded', 'canceled'])
      .executeTakeFirst();
    const intent = toIntent((await byId(row.id))!);
    if (Number(result.numUpdatedRows) === 1) {
      logger.info({ intentId: intent.id, amountCents: intent.amountCents }, 'simulated payment succeeded');
      await notifySucceeded(intent);
    } else if (intent.status !== 'succeeded') {
      throw new CardError('payment_intent_unexpected_state', 'This payment was canceled. Please start again.');
    }
    return intent;
  }

  async function decline(row: IntentRow, error: CardError): Promise<never> {
    await update(row.id, { status: 'requires_payment_method', last_error: JSON.stringify({ code: error.code, message: error.message }) });
    throw error;
  }

  async function update(id: string, values: { status?: IntentStatus; last_error?: string | null; metadata_json?: string }) {
    return db
      .updateTable('payment_intents')
      .set({ ...values, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
  }

  return {
    kind: 'simulated',

    async createIntent(input) {
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents < MIN_AMOUNT_CENTS || input.amountCents > MAX_AMOUNT_CENTS) {
        throw new RangeError(`amountCents must be a whole number from ${MIN_AMOUNT_CENTS} to ${MAX_AMOUNT_CENTS}`);
      }
      const existing = await byKey(input.idempotencyKey);
      if (existing) return sameRequest(existing, input);

      const id = `pi_sim_${randomToken(24)}`;
      const now = new Date().toISOString();
      try {
        await db
          .insertInto('payment_intents')
          .values({
            id,
            client_secret: `${id}_secret_${randomToken(24)}`,
            amount_cents: input.amountCents,
            currency: input.currency,
            receipt_email: input.receiptEmail,
            metadata_json: JSON.stringify(input.metadata),
            status: 'requires_payment_method',
            idempotency_key: input.idempotencyKey,
            save_card: input.saveCard ? 1 : 0,
            last_error: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      } catch (error) {
        // Two requests with one key at once: the loser answers with the winner's intent.
        const winner = await byKey(input.idempotencyKey);
        if (winner) return sameRequest(winner, input);
        throw error;
      }
      return toIntent((await byId(id))!);
    },

    async retrieveIntent(idOrClientSecret) {
      return toIntent(await find(idOrClientSecret));
    },

    async cancelIntent(intentId) {
      const row = await find(intentId);
      // The card may be charged first: then the intent stays succeeded and the caller settles it.
      await db
        .updateTable('payment_intents')
        .set({ status: 'canceled', updated_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .where('status', 'not in', ['succeeded', 'processing', 'canceled'])
        .execute();
      const after = toIntent((await byId(row.id))!);
      if (after.status === 'canceled' && row.status !== 'canceled') logger.info({ intentId: row.id }, 'simulated intent canceled');
      return after;
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      const existing = await db.selectFrom('simulated_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      if (existing) return { id: existing.id, amountCents: existing.amount_cents };
      const row = await find(intentId);
      if (row.status !== 'succeeded') {
        throw new RefundRefusedError('payment_intent_unexpected_state', 'This PaymentIntent does not have a successful charge to refund.');
      }
      const refunded = await db
        .selectFrom('simulated_refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
        .where('intent_id', '=', row.id)
        .executeTakeFirstOrThrow();
      const left = row.amount_cents - Number(refunded.total);
      if (left <= 0) throw new RefundRefusedError('charge_already_refunded', `Charge for ${row.id} has already been refunded.`);
      if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > left) {
        throw new RefundRefusedError('amount_too_large', `Refund amount (${amountCents}) is greater than the unrefunded amount (${left}).`);
      }
      const id = `re_sim_${randomToken(24)}`;
      try {
        await db
          .insertInto('simulated_refunds')
          .values({ id, intent_id: row.id, amount_cents: amountCents, idempotency_key: idempotencyKey, created_at: new Date().toISOString() })
          .execute();
      } catch (error) {
        const winner = await db.selectFrom('simulated_refunds').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
        if (winner) return { id: winner.id, amountCents: winner.amount_cents };
        throw error;
      }
      logger.info({ intentId: row.id, amountCents }, 'simulated refund');
      return { id, amountCents };
    },

    // ADR 027: its monthly gifts use chargeSavedCard.
    createSubscription: noSubscriptions,
    retrieveInvoice: noSubscriptions,
    changeSubscriptionAmount: noSubscriptions,
    cancelSubscription: noSubscriptions,

    parseWebhook(_rawBody: Buffer, _signatureHeader: string | undefined): GatewayEvent {
      throw new WebhookSignatureError('The simulated gateway sends no webhooks.');
    },

    onPaymentSucceeded(listener) {
      listeners.push(listener);
    },

    async confirmCard(clientSecret, card, now = new Date()) {
      const row = await bySecret(clientSecret);
      if (!row) throw new IntentNotFoundError(clientSecret);
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status === 'canceled') {
        throw new CardError('payment_intent_unexpected_state', 'This payment was canceled. Please start again.');
      }

      let digits: string;
      try {
        digits = checkTestCard(card, now);
      } catch (error) {
        if (error instanceof CardError) await decline(row, error);
        throw error;
      }
      if (Number(row.save_card) !== 1) return succeed(row);
      const paymentMethodId = `pm_sim_${randomToken(24)}`;
      await db
        .insertInto('simulated_payment_methods')
        .values({ id: paymentMethodId, last4: digits.slice(-4), expiry: card.expiry.trim(), decline_code: null, created_at: now.toISOString() })
        .execute();
      return succeed(row, { payment_method_id: paymentMethodId });
    },

    async chargeSavedCard(intentId, paymentMethodId) {
      const row = await find(intentId);
      if (row.status === 'succeeded') return toIntent(row);
      if (row.status === 'canceled') throw new CardError('payment_intent_unexpected_state', 'This payment was canceled.');
      const method = await db.selectFrom('simulated_payment_methods').selectAll().where('id', '=', paymentMethodId).executeTakeFirst();
      if (!method) return decline(row, new CardError('resource_missing', `No such PaymentMethod: '${paymentMethodId}'`));
      const [month, year] = method.expiry.split('/').map(Number) as [number, number];
      const today = new Date();
      if ((2000 + year) * 12 + month < today.getFullYear() * 12 + today.getMonth() + 1) return decline(row, new CardError('expired_card', 'Your card has expired.'));
      if (method.decline_code) return decline(row, new CardError(method.decline_code, DECLINE_TEXTS[method.decline_code] ?? 'Your card was declined.'));
      return succeed(row);
    },
  };
}
