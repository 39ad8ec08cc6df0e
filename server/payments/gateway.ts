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
  /** Keep the card once it pays, for later off-session charges (Stripe: setup_future_usage). */
  saveCard?: boolean;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  /** The card kept for later when the intent asked for it and succeeded (Stripe's PaymentMethod id). */
  paymentMethodId?: string | null;
}

export interface RefundInput {
  intentId: string;
  amountCents: number;
  /** One key per refund we record: a retry after a timeout never gives the money back twice. */
  idempotencyKey: string;
}

export interface GatewayRefund {
  id: string;
  amountCents: number;
}

/** What a webhook reports: an intent changed, or money was refunded outside the site (Dashboard). */
export interface GatewayEvent {
  id: string;
  type: string;
  /** The payment intent for `payment_intent.*` events; null for every other type. */
  intent: GatewayIntent | null;
  /** For `charge.refunded`: the intent and how much of it has been refunded in all. */
  refunded: { intentId: string; amountRefundedCents: number } | null;
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

/** The gateway does not know the intent. */
export class IntentNotFoundError extends Error {
  override name = 'IntentNotFoundError';
  constructor(idOrSecret: string) {
    // Never echo a client secret into messages that end up in logs.
    super(`No such payment_intent: '${intentIdFromSecret(idOrSecret)}'`);
  }
}

/** An idempotency key was reused with different parameters (a programming error, never the user's). */
export class IdempotencyError extends Error {
  override name = 'IdempotencyError';
}

/**
 * The payment provider could not do what we asked: it is down, slow or rate-limiting us
 * (`retryable`), or it refuses our credentials or request (a revoked key, an account problem).
 * Never the visitor's fault: the API answers 503 or 502 and logs it at error level.
 */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
  constructor(
    message: string,
    readonly retryable: boolean,
    /** The provider's request id, for its support desk. */
    readonly providerRequestId?: string,
  ) {
    super(message);
  }
}

/** A refund the gateway will not make (nothing charged, already refunded in full, disputed). */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  readonly kind: 'stripe' | 'simulated';
  createIntent(input: CreateIntentInput): Promise<GatewayIntent>;
  /** Accepts an intent id or its client secret ("pi_x_secret_y"). */
  retrieveIntent(idOrClientSecret: string): Promise<GatewayIntent>;
  /**
   * Makes an unpaid intent unpayable. Answers the intent as it stands afterwards: `canceled`, or
   * `succeeded`/`processing` when the card was charged first (then it must be settled, not dropped).
   */
  cancelIntent(intentId: string): Promise<GatewayIntent>;
  /** Gives back part or all of a succeeded intent; the same key gives the same refund. Throws RefundRefusedError. */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /**
   * Charges a saved card against an unpaid intent with nobody present (a monthly gift). Answers the
   * succeeded intent (reported to the listeners like any success); throws CardError when declined.
   */
  chargeSavedCard(intentId: string, paymentMethodId: string): Promise<GatewayIntent>;
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
