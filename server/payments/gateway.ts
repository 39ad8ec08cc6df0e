/** Without manual capture. */
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
  /** A retried request never charges twice. */
  idempotencyKey: string;
  /** Stripe: setup_future_usage. */
  saveCard?: boolean;
}

export interface GatewayIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
  paymentMethodId?: string | null;
}

export interface RefundInput {
  intentId: string;
  amountCents: number;
  /** One key per refund: a retry after a timeout never gives the money back twice. */
  idempotencyKey: string;
}

export interface GatewayRefund {
  id: string;
  amountCents: number;
}

/** Stripe: a Customer and a Subscription on a monthly Price. */
export interface CreateSubscriptionInput {
  amountCents: number;
  currency: 'usd';
  email: string;
  name: string;
  description: string;
  metadata: Record<string, string>;
  /** Each request derives its key from it, so a retry makes nothing twice. */
  idempotencyKey: string;
}

export interface GatewaySubscription {
  id: string;
  /** Confirmed by the card form like any other; its success is month 0. */
  intent: GatewayIntent;
}

export type InvoiceReason = 'first' | 'renewal' | 'other';

export interface GatewayInvoice {
  id: string;
  subscriptionId: string | null;
  /** retrieveInvoice always says. */
  paymentIntentId: string | null;
  amountPaidCents: number;
  amountDueCents: number;
  billingReason: InvoiceReason;
  attemptCount: number;
  nextAttemptAt: Date | null;
}

export interface GatewayEvent {
  id: string;
  type: string;
  intent: GatewayIntent | null;
  /** The total refunded so far. */
  refunded: { intentId: string; amountRefundedCents: number } | null;
  invoice: GatewayInvoice | null;
  subscriptionEnded: { subscriptionId: string } | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** `message` is the provider's own text, fit to show the card holder. */
export class CardError extends Error {
  override name = 'CardError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class IntentNotFoundError extends Error {
  override name = 'IntentNotFoundError';
  constructor(idOrSecret: string) {
    // Never echo a client secret into messages that end up in logs.
    super(`No such payment_intent: '${intentIdFromSecret(idOrSecret)}'`);
  }
}

/** A programming error, never the user's. */
export class IdempotencyError extends Error {
  override name = 'IdempotencyError';
}

/** The provider is down or refuses our credentials: never the visitor's fault (502/503, logged as an error). */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly providerRequestId?: string,
  ) {
    super(message);
  }
}

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
  retrieveIntent(idOrClientSecret: string): Promise<GatewayIntent>;
  /** Answers `succeeded`/`processing` when the card was charged first: then it must be settled, not dropped. */
  cancelIntent(intentId: string): Promise<GatewayIntent>;
  /** The same key gives the same refund. */
  refund(input: RefundInput): Promise<GatewayRefund>;
  /** Nobody present (a monthly gift); throws CardError when declined. */
  chargeSavedCard(intentId: string, paymentMethodId: string): Promise<GatewayIntent>;
  /** ADR 027; the simulated gateway has none (its monthly gifts use chargeSavedCard). */
  createSubscription(input: CreateSubscriptionInput): Promise<GatewaySubscription>;
  retrieveInvoice(invoiceId: string): Promise<GatewayInvoice>;
  /** No proration. */
  changeSubscriptionAmount(subscriptionId: string, amountCents: number, idempotencyKey: string): Promise<void>;
  /** Ending an ended one is fine. */
  cancelSubscription(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /** Over the exact raw body. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): GatewayEvent;
  /** Stripe sends webhooks instead. */
  onPaymentSucceeded(listener: (intent: GatewayIntent) => Promise<void>): void;
}

export function intentIdFromSecret(idOrSecret: string): string {
  const at = idOrSecret.indexOf('_secret_');
  return at === -1 ? idOrSecret : idOrSecret.slice(0, at);
}
