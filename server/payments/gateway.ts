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

/** A monthly gift kept by the gateway itself (Stripe: a Customer and a Subscription on a monthly Price). */
export interface CreateSubscriptionInput {
  /** Charged every month, the first month included. */
  amountCents: number;
  currency: 'usd';
  email: string;
  /** The donor's name for the gateway's customer record; may be empty. */
  name: string;
  /** What the monthly charge is called (Stripe: the product's name). */
  description: string;
  metadata: Record<string, string>;
  /** The payment's own random key; each request derives its key from it, so a retry makes nothing twice. */
  idempotencyKey: string;
}

export interface GatewaySubscription {
  id: string;
  /** The first month's intent, confirmed by the card form like any other; its success is month 0. */
  intent: GatewayIntent;
}

/** Why an invoice of a subscription was made: its first month, a later month, or anything else. */
export type InvoiceReason = 'first' | 'renewal' | 'other';

/** A subscription's invoice as webhooks report it. */
export interface GatewayInvoice {
  id: string;
  subscriptionId: string | null;
  /** The intent that paid (or tried to pay) it, when the gateway said; retrieveInvoice always says. */
  paymentIntentId: string | null;
  amountPaidCents: number;
  amountDueCents: number;
  billingReason: InvoiceReason;
  /** Tries so far (1 on the first failure). */
  attemptCount: number;
  /** When the gateway tries again by itself; null when it will not. */
  nextAttemptAt: Date | null;
}

/** What a webhook reports: an intent changed, money was refunded outside the site (Dashboard), or a subscription moved. */
export interface GatewayEvent {
  id: string;
  type: string;
  /** The payment intent for `payment_intent.*` events; null for every other type. */
  intent: GatewayIntent | null;
  /** For `charge.refunded`: the intent and how much of it has been refunded in all. */
  refunded: { intentId: string; amountRefundedCents: number } | null;
  /** For `invoice.*` events of a subscription. */
  invoice: GatewayInvoice | null;
  /** For `customer.subscription.deleted`: the subscription ended (stopped here, or in the provider's dashboard). */
  subscriptionEnded: { subscriptionId: string } | null;
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
  /**
   * Monthly gifts the gateway schedules itself (Stripe Subscriptions, ADR 027); the simulated
   * gateway has none (its monthly gifts run on the site's own schedule with chargeSavedCard).
   */
  createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription>;
  /** The invoice as it stands, with the intent that paid it. */
  retrieveInvoice(invoiceId: string): Promise<GatewayInvoice>;
  /** From the next month on, the subscription charges `amountCents` (no proration). */
  changeSubscriptionAmount(subscriptionId: string, amountCents: number, idempotencyKey: string): Promise<void>;
  /** Ends the subscription now: nothing more is charged. Ending an ended one is fine. */
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void>;
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
