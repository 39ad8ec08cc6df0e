import Stripe from 'stripe';
import type { PaymentsConfig } from '../config';
import {
  CardError,
  GatewayUnavailableError,
  IdempotencyError,
  IntentNotFoundError,
  intentIdFromSecret,
  RefundRefusedError,
  WebhookSignatureError,
  type GatewayEvent,
  type GatewayIntent,
  type GatewayInvoice,
  type IntentStatus,
  type PaymentGateway,
} from './gateway';

type StripeConfig = Extract<PaymentsConfig, { kind: 'stripe' }>;

const KNOWN_STATUSES: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] satisfies IntentStatus[];

// Must not hold a donor's Confirm button for Stripe's default 80 s.
const REQUEST_TIMEOUT_MS = 20_000;

function toIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    // requires_capture or a status newer than this code is "not paid yet".
    status: KNOWN_STATUSES.includes(pi.status) ? (pi.status as IntentStatus) : 'processing',
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...pi.metadata },
  };
}

const REASONS: Record<string, GatewayInvoice['billingReason']> = { subscription_create: 'first', subscription_cycle: 'renewal' };

/** `payments` is there only when asked for (retrieveInvoice). */
function toInvoice(invoice: Stripe.Invoice): GatewayInvoice {
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  const payments = invoice.payments?.data ?? [];
  const payment = payments.find((p) => p.status === 'paid') ?? payments.find((p) => p.is_default) ?? payments[0];
  const intent = payment?.payment.payment_intent ?? null;
  return {
    id: invoice.id ?? '',
    subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amountPaidCents: invoice.amount_paid,
    amountDueCents: invoice.amount_due,
    billingReason: REASONS[invoice.billing_reason ?? ''] ?? 'other',
    attemptCount: invoice.attempt_count,
    nextAttemptAt: invoice.next_payment_attempt ? new Date(invoice.next_payment_attempt * 1000) : null,
  };
}

/** So callers never depend on the SDK; anything not the card's or caller's fault becomes GatewayUnavailableError. */
function translated(error: unknown, idOrSecret?: string): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError) return new CardError(error.code ?? 'card_error', error.message);
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new IdempotencyError(error.message);
  if (idOrSecret && error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    return new IntentNotFoundError(idOrSecret);
  }
  const retryable =
    error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError;
  return new GatewayUnavailableError(`Stripe: ${error.type}${error.code ? ` (${error.code})` : ''}: ${error.message}`, retryable, error.requestId);
}

function clientOptions(config: StripeConfig): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: REQUEST_TIMEOUT_MS };
  const url = config.apiUrl;
  if (url) {
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
    options.protocol = protocol;
  }
  return options;
}

export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const stripe = new Stripe(config.secretKey, clientOptions(config));

  async function retrieve(idOrClientSecret: string): Promise<GatewayIntent> {
    try {
      return toIntent(await stripe.paymentIntents.retrieve(intentIdFromSecret(idOrClientSecret)));
    } catch (error) {
      throw translated(error, idOrClientSecret);
    }
  }

  return {
    kind: 'stripe',

    async createIntent(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            receipt_email: input.receiptEmail,
            description: input.description,
            metadata: input.metadata,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (error) {
        throw translated(error);
      }
    },

    retrieveIntent: retrieve,

    async chargeSavedCard() {
      throw new GatewayUnavailableError('Monthly gifts are not available with Stripe yet (ADR 027).', false);
    },

    /**
     * The first invoice waits for the card form (`default_incomplete`). This API version has no
     * `Invoice.payment_intent`: the intent is read from the invoice's confirmation secret.
     */
    async createSubscription(input) {
      try {
        const customer = await stripe.customers.create(
          { email: input.email, ...(input.name ? { name: input.name } : {}), metadata: input.metadata },
          { idempotencyKey: `${input.idempotencyKey}-customer` },
        );
        const price = await stripe.prices.create(
          { currency: input.currency, unit_amount: input.amountCents, recurring: { interval: 'month' }, product_data: { name: input.description } },
          { idempotencyKey: `${input.idempotencyKey}-price` },
        );
        const subscription = await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price: price.id }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: input.metadata,
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey: `${input.idempotencyKey}-subscription` },
        );
        const invoice = subscription.latest_invoice;
        const secret = typeof invoice === 'object' && invoice ? invoice.confirmation_secret?.client_secret : undefined;
        if (!secret) throw new GatewayUnavailableError(`Stripe: subscription ${subscription.id} has no first invoice to pay`, false);
        return { id: subscription.id, intent: await retrieve(intentIdFromSecret(secret)) };
      } catch (error) {
        throw translated(error);
      }
    },

    async retrieveInvoice(invoiceId) {
      try {
        return toInvoice(await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }));
      } catch (error) {
        throw translated(error);
      }
    },

    async changeSubscriptionAmount(subscriptionId, amountCents, idempotencyKey) {
      try {
        const subscription = await stripe.subscriptions.retrieve(subscriptionId);
        const item = subscription.items.data[0];
        if (!item) throw new GatewayUnavailableError(`Stripe: subscription ${subscriptionId} has no item`, false);
        const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
        await stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: item.id, price_data: { currency: item.price.currency, product, unit_amount: amountCents, recurring: { interval: 'month' } } }],
            // A gift, not a service: nothing is prorated.
            proration_behavior: 'none',
          },
          { idempotencyKey },
        );
      } catch (error) {
        throw translated(error);
      }
    },

    async cancelSubscription(subscriptionId, idempotencyKey) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, { invoice_now: false, prorate: false }, { idempotencyKey });
      } catch (error) {
        // Ended already (in the Dashboard, or by a retry of this call).
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          const now = await stripe.subscriptions.retrieve(subscriptionId).catch(() => null);
          if (now && (now.status === 'canceled' || now.status === 'incomplete_expired')) return;
        }
        throw translated(error);
      }
    },

    async cancelIntent(intentId) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Already canceled, succeeded or processing: what matters is where it stands now.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state') return retrieve(intentId);
        throw translated(error, intentId);
      }
    },

    async refund({ intentId, amountCents, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId, amount: amountCents }, { idempotencyKey });
        return { id: refund.id, amountCents: refund.amount };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code !== 'resource_missing' && error.code !== undefined) {
          throw new RefundRefusedError(error.code, error.message);
        }
        throw translated(error, intentId);
      }
    },

    parseWebhook(rawBody, signatureHeader): GatewayEvent {
      if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'The webhook signature is invalid.');
      }
      const object = event.data.object as { object?: string };
      const intent =
        event.type.startsWith('payment_intent.') && object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : null;
      let refunded: GatewayEvent['refunded'] = null;
      if (event.type === 'charge.refunded' && object.object === 'charge') {
        const charge = object as Stripe.Charge;
        const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
        if (intentId) refunded = { intentId, amountRefundedCents: charge.amount_refunded };
      }
      const invoice = event.type.startsWith('invoice.') && object.object === 'invoice' ? toInvoice(object as Stripe.Invoice) : null;
      const subscriptionEnded =
        event.type === 'customer.subscription.deleted' && object.object === 'subscription' ? { subscriptionId: (object as Stripe.Subscription).id } : null;
      return { id: event.id, type: event.type, intent, refunded, invoice, subscriptionEnded };
    },

    onPaymentSucceeded() {
      // Stripe reports successes through the webhook.
    },
  };
}
