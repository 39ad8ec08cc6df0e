import Stripe from 'stripe';
import type { PaymentsConfig } from '../config';
import {
  CardError,
  IdempotencyError,
  IntentNotFoundError,
  intentIdFromSecret,
  WebhookSignatureError,
  type GatewayEvent,
  type GatewayIntent,
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

// A request that hangs must not hold a donor's Confirm button for Stripe's default 80 s.
const REQUEST_TIMEOUT_MS = 20_000;

function toIntent(pi: Stripe.PaymentIntent): GatewayIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    // Anything else (requires_capture, a status newer than this code) is "not paid yet".
    status: KNOWN_STATUSES.includes(pi.status) ? (pi.status as IntentStatus) : 'processing',
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...pi.metadata },
  };
}

/** Stripe's errors as the gateway's own, so callers never depend on the SDK's classes. */
function translated(error: unknown, idOrSecret?: string): unknown {
  if (error instanceof Stripe.errors.StripeCardError) return new CardError(error.code ?? 'card_error', error.message);
  if (error instanceof Stripe.errors.StripeIdempotencyError) return new IdempotencyError(error.message);
  if (idOrSecret && error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
    return new IntentNotFoundError(idOrSecret);
  }
  return error;
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

    async retrieveIntent(idOrClientSecret) {
      const id = intentIdFromSecret(idOrClientSecret);
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        throw translated(error, idOrClientSecret);
      }
    },

    async refund(intentId) {
      try {
        // No fixed idempotency key: Stripe would replay a first refusal (say, "not paid yet") for a day.
        await stripe.refunds.create({ payment_intent: intentId });
      } catch (error) {
        // Refunding twice leaves the money where the first refund put it.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
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
      return { id: event.id, type: event.type, intent };
    },

    onPaymentSucceeded() {
      // Stripe reports successes through the webhook; nothing here ever fires.
    },
  };
}
