import type { PaymentsConfig } from '../config';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { createSimulatedGateway } from './simulated';
import { createStripeGateway } from './stripe';

/** Stripe's PaymentIntent statuses that card payments without manual capture can reach. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface CreateIntentInput {
  amountCents: number;
  currency: 'usd';
  receiptEmail: string;
  description: string;
  metadata: Record<string, string>;
  /** The same key returns the same intent, so a retried request never charges twice. */
  idempotencyKey: string;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export interface GatewayEvent {
  id: string;
  type: string;
  /** The payment intent for `payment_intent.*` events; null for every other type. */
  intent: GatewayIntent | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The card was refused; `message` is the provider's own text, fit to show the card holder. */
export class CardError extends Error {
  override name = 'CardError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The gateway does not know the intent. `code` and `statusCode` match what the Stripe SDK reports,
 * so callers can treat both gateways alike.
 */
export class IntentNotFoundError extends Error {
  override name = 'IntentNotFoundError';
  readonly code = 'resource_missing';
  readonly statusCode = 404;
  constructor(idOrSecret: string) {
    // Never echo a client secret into messages that end up in logs.
    super(`No such payment_intent: '${intentIdFromSecret(idOrSecret)}'`);
  }
}

/** An idempotency key was reused with different parameters (a programming error, never the user's). */
export class IdempotencyError extends Error {
  override name = 'IdempotencyError';
  readonly code = 'idempotency_error';
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'simulated';
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Accepts an intent id or its client secret ("pi_x_secret_y"). */
  retrieveIntent(idOrClientSecret: string): Promise<GatewayIntent>;
  /**
   * Gives the money back; asking again for a refunded intent is a no-op. On Stripe the intent then
   * still reads `succeeded` (the refund is a separate object) and an unpaid intent is refused; the
   * simulated gateway marks it `canceled` (with metadata.refunded = 'true' when it had been paid).
   * So "was this refunded" belongs in the caller's own record, never inferred from the intent.
   */
  refund(intentId: string): Promise<void>;
  /** Verifies the signature over the exact raw body; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent;
  /** Called by the simulated gateway itself when a payment succeeds (Stripe sends webhooks instead). */
  onPaymentSucceeded(listener: (intent: GatewayIntent) => Promise<void>): void;
}

/** "pi_123_secret_abc" → "pi_123"; an id is returned as it is. */
export function intentIdFromSecret(idOrSecret: string): string {
  const at = idOrSecret.indexOf('_secret_');
  return at === -1 ? idOrSecret : idOrSecret.slice(0, at);
}

export function createGateway(config: PaymentsConfig, deps: { db: Db; logger: Logger }): PaymentGateway {
  return config.kind === 'stripe' ? createStripeGateway(config) : createSimulatedGateway(deps);
}
