import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A tiny stand-in for api.stripe.com on loopback, enough for the real `stripe` SDK to create,
 * retrieve and refund payment intents, and to keep monthly gifts as Subscriptions (customers,
 * prices, subscriptions, their invoices and each invoice's intent), offline. It answers like Stripe
 * does (JSON objects, error envelopes, Idempotency-Key replays; the API version of the SDK, where an
 * invoice names its intent only in `payments`, included on request) but keeps everything in memory.
 * Tests move a subscription on a month with `renew` and send Stripe's signed webhooks with `fire`.
 */

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  client_secret: string;
  status: string;
  receipt_email: string | null;
  description: string | null;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export interface FakePrice {
  id: string;
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: string };
  product: string;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  billing_reason: 'subscription_create' | 'subscription_cycle';
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  attempt_count: number;
  next_payment_attempt: number | null;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  /** Not part of Stripe's invoice: the intent, which Stripe shows in `payments` or `confirmation_secret`. */
  intentId: string;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  metadata: Record<string, string>;
  payment_behavior: string | undefined;
  payment_settings: Record<string, unknown> | undefined;
  item: { id: string; price: FakePrice };
  latest_invoice: string;
  /** Each update's proration_behavior, in order (not Stripe's: for tests to check). */
  prorations: string[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form-encoded body decoded into nested objects (metadata[kind]=x → { metadata: { kind: 'x' } }). */
  body: Record<string, unknown>;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 — hand it to the gateway as `apiUrl`. */
  url: string;
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  requests: RecordedRequest[];
  /** What Stripe.js confirming a good card would do. */
  succeed(intentId: string): FakePaymentIntent;
  /** The next `count` API calls answer like an outage (500 api_error), e.g. to test retries. */
  failNext(count: number): void;
  /** The key the fake accepts; change it to play a revoked key. */
  acceptKey(secretKey: string): void;
  /** A charge as Stripe's charge.* events carry it: the intent and how much has been refunded. */
  chargeOf(intentId: string): Record<string, unknown>;
  customers: Map<string, Record<string, unknown>>;
  prices: Map<string, FakePrice>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /** The subscription whose first invoice this intent pays. */
  subscriptionOfIntent(intentId: string): FakeSubscription | undefined;
  /**
   * A month later: the subscription's next invoice (`subscription_cycle`) at its current price, paid
   * with the saved card, or declined (open, one attempt, Stripe retrying in three days unless `lastTry`).
   */
  renew(subscriptionId: string, outcome?: { declined?: boolean; lastTry?: boolean }): FakeInvoice;
  /** Stripe retries a declined invoice: another failed attempt, or paid. */
  retry(invoiceId: string, outcome: { declined: boolean; lastTry?: boolean }): FakeInvoice;
  /** Stripe's object as webhooks carry it (an invoice without its `payments`). */
  objectOf(invoice: FakeInvoice): Record<string, unknown>;
  subscriptionObject(subscription: FakeSubscription): Record<string, unknown>;
  /** A Stripe event, signed with the webhook secret, as Stripe would deliver it. */
  event(type: string, object: unknown, eventId?: string): { body: string; signature: string };
  /** Delivers a signed event to the site's webhook (`/api/stripe/webhook`). */
  fire(siteUrl: string, event: { body: string; signature: string }): Promise<{ status: number; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
interface Answer {
  status: number;
  json: Json;
}

const token = (n = 24) => randomBytes(n).toString('hex').slice(0, n);

function decodeForm(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let target = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

const stripeError = (status: number, type: string, code: string, message: string, param?: string): Answer => ({
  status,
  json: { error: { type, code, message, ...(param ? { param } : {}) } },
});

export async function startFakeStripe({ secretKey: initialKey, webhookSecret = 'whsec_fake' }: { secretKey: string; webhookSecret?: string }): Promise<FakeStripe> {
  let secretKey = initialKey;
  let failures = 0;
  let events = 0;
  const intents = new Map<string, FakePaymentIntent>();
  const customers = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, FakePrice>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const now = () => Math.floor(Date.now() / 1000);

  function newIntent(amount: number, currency: string, status = 'requires_payment_method'): FakePaymentIntent {
    const id = `pi_${token()}`;
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency,
      client_secret: `${id}_secret_${token()}`,
      status,
      receipt_email: null,
      description: null,
      metadata: {},
      automatic_payment_methods: null,
      created: now(),
      livemode: false,
    };
    intents.set(id, intent);
    return intent;
  }

  function newPrice(body: Record<string, unknown>): FakePrice | Answer {
    const amount = Number(body.unit_amount);
    if (!Number.isInteger(amount) || amount < 50) return stripeError(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd', 'unit_amount');
    const recurring = body.recurring as { interval?: string } | undefined;
    const productData = body.product_data as { name?: string } | undefined;
    if (!body.product && !productData?.name) return stripeError(400, 'invalid_request_error', 'parameter_missing', 'Missing required param: product.', 'product');
    const price: FakePrice = {
      id: `price_${token()}`,
      object: 'price',
      currency: String(body.currency ?? ''),
      unit_amount: amount,
      recurring: { interval: recurring?.interval ?? '' },
      product: typeof body.product === 'string' ? body.product : `prod_${token()}`,
    };
    prices.set(price.id, price);
    return price;
  }

  function newInvoice(subscription: FakeSubscription, reason: FakeInvoice['billing_reason'], paid: boolean): FakeInvoice {
    const amount = subscription.item.price.unit_amount;
    const intent = newIntent(amount, subscription.item.price.currency, paid ? 'succeeded' : 'requires_payment_method');
    const invoice: FakeInvoice = {
      id: `in_${token()}`,
      object: 'invoice',
      billing_reason: reason,
      status: paid ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      attempt_count: reason === 'subscription_create' ? 0 : 1,
      next_payment_attempt: null,
      currency: subscription.item.price.currency,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      intentId: intent.id,
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function invoiceObject(invoice: FakeInvoice, include: { payments?: boolean; confirmationSecret?: boolean } = {}): Json {
    const { intentId, ...rest } = invoice;
    const intent = intents.get(intentId)!;
    return {
      ...rest,
      ...(include.confirmationSecret ? { confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' } } : {}),
      ...(include.payments
        ? {
            payments: {
              object: 'list',
              data: [{ id: `inpay_${intentId.slice(3)}`, object: 'invoice_payment', is_default: true, status: invoice.status === 'paid' ? 'paid' : 'open', payment: { type: 'payment_intent', payment_intent: intentId } }],
              has_more: false,
            },
          }
        : {}),
    };
  }

  function subscriptionObject(subscription: FakeSubscription, expand: string[] = []): Json {
    const { item, latest_invoice, prorations: _prorations, payment_behavior: _pb, ...rest } = subscription;
    const invoice = invoices.get(latest_invoice)!;
    const expanded = expand.some((e) => e === 'latest_invoice' || e.startsWith('latest_invoice.'));
    return {
      ...rest,
      items: { object: 'list', data: [{ id: item.id, object: 'subscription_item', price: { ...item.price }, quantity: 1 }], has_more: false },
      latest_invoice: expanded ? invoiceObject(invoice, { confirmationSecret: expand.includes('latest_invoice.confirmation_secret'), payments: expand.includes('latest_invoice.payments') }) : latest_invoice,
    };
  }

  const expandOf = (body: Record<string, unknown>): string[] => Object.values((body.expand as Record<string, string> | undefined) ?? {});
  const refunds: FakeRefund[] = [];
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();

  function route(method: string, path: string, body: Record<string, unknown>): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, 'invalid_request_error', 'amount_too_small', 'Amount must be at least $0.50 usd', 'amount');
      }
      const id = `pi_${token()}`;
      const apm = body.automatic_payment_methods as { enabled?: string } | undefined;
      const intent: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        currency: String(body.currency ?? ''),
        client_secret: `${id}_secret_${token()}`,
        status: 'requires_payment_method',
        receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null,
        description: typeof body.description === 'string' ? body.description : null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, json: { ...intent } };
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]!));
      if (!intent) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${cancel[1]}'`, 'intent');
      if (['succeeded', 'canceled', 'processing'].includes(intent.status)) {
        return stripeError(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      // An invoice's intent ends with its invoice (void it, or cancel the subscription), not on its own.
      if ([...invoices.values()].some((invoice) => invoice.intentId === intent.id)) {
        return stripeError(400, 'invalid_request_error', 'payment_intent_unexpected_state', 'This PaymentIntent belongs to an invoice: void the invoice or cancel its subscription instead.');
      }
      intent.status = 'canceled';
      return { status: 200, json: { ...intent } };
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]!));
      if (!intent) {
        return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${retrieve[1]}'`, 'intent');
      }
      return { status: 200, json: { ...intent } };
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const intentId = String(body.payment_intent ?? '');
      const intent = intents.get(intentId);
      if (!intent) {
        return stripeError(404, 'invalid_request_error', 'resource_missing', `No such payment_intent: '${intentId}'`, 'payment_intent');
      }
      const refunded = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
      if (refunded >= intent.amount) {
        return stripeError(400, 'invalid_request_error', 'charge_already_refunded', `Charge for ${intentId} has already been refunded.`);
      }
      if (intent.status !== 'succeeded') {
        return stripeError(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          'This PaymentIntent does not have a successful charge to refund.',
        );
      }
      const amount = body.amount === undefined ? intent.amount - refunded : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > intent.amount - refunded) {
        return stripeError(400, 'invalid_request_error', 'amount_too_large', `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${(intent.amount - refunded) / 100})`, 'amount');
      }
      const refund: FakeRefund = { id: `re_${token()}`, object: 'refund', payment_intent: intentId, amount, currency: intent.currency, status: 'succeeded' };
      refunds.push(refund);
      return { status: 200, json: { ...refund } };
    }

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: `cus_${token()}`, object: 'customer', email: body.email ?? null, name: body.name ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, json: { ...customer } };
    }

    if (method === 'POST' && path === '/v1/prices') {
      const price = newPrice(body);
      return 'status' in price ? price : { status: 200, json: { ...price } };
    }

    if (method === 'POST' && path === '/v1/subscriptions') {
      if (!customers.has(String(body.customer))) return stripeError(400, 'invalid_request_error', 'resource_missing', `No such customer: '${String(body.customer)}'`, 'customer');
      const items = Object.values((body.items as Record<string, { price?: string }> | undefined) ?? {});
      const price = prices.get(String(items[0]?.price));
      if (items.length !== 1 || !price) return stripeError(400, 'invalid_request_error', 'resource_missing', 'No such price.', 'items');
      const subscription: FakeSubscription = {
        id: `sub_${token()}`,
        object: 'subscription',
        customer: String(body.customer),
        status: 'incomplete',
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        payment_behavior: body.payment_behavior as string | undefined,
        payment_settings: body.payment_settings as Record<string, unknown> | undefined,
        item: { id: `si_${token()}`, price },
        latest_invoice: '',
        prorations: [],
      };
      subscriptions.set(subscription.id, subscription);
      newInvoice(subscription, 'subscription_create', false);
      return { status: 200, json: subscriptionObject(subscription, expandOf(body)) };
    }

    const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
      if (!subscription) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such subscription: '${subscriptionPath[1]}'`, 'id');
      if (method === 'GET') return { status: 200, json: subscriptionObject(subscription, expandOf(body)) };
      if (subscription.status === 'canceled') {
        return stripeError(400, 'invalid_request_error', 'resource_missing', 'A canceled subscription can only update its cancellation_details and metadata.');
      }
      if (method === 'DELETE') {
        subscription.status = 'canceled';
        // Stripe voids an unpaid first invoice with its subscription, and its intent with it.
        const open = invoices.get(subscription.latest_invoice);
        const openIntent = open?.status === 'open' ? intents.get(open.intentId) : undefined;
        if (openIntent && openIntent.status !== 'succeeded' && openIntent.status !== 'processing') openIntent.status = 'canceled';
        return { status: 200, json: subscriptionObject(subscription) };
      }
      if (method === 'POST') {
        const items = Object.values((body.items as Record<string, { id?: string; price_data?: Record<string, unknown> }> | undefined) ?? {});
        const item = items[0];
        if (item) {
          if (item.id !== subscription.item.id || !item.price_data) return stripeError(400, 'invalid_request_error', 'resource_missing', 'No such subscription item.', 'items');
          const price = newPrice(item.price_data);
          if ('status' in price) return price;
          subscription.item = { id: subscription.item.id, price };
        }
        subscription.prorations.push(String(body.proration_behavior ?? 'create_prorations'));
        return { status: 200, json: subscriptionObject(subscription, expandOf(body)) };
      }
    }

    const invoicePath = /^\/v1\/invoices\/([^/]+)$/.exec(path);
    if (method === 'GET' && invoicePath) {
      const invoice = invoices.get(decodeURIComponent(invoicePath[1]!));
      if (!invoice) return stripeError(404, 'invalid_request_error', 'resource_missing', `No such invoice: '${invoicePath[1]}'`, 'id');
      return { status: 200, json: invoiceObject(invoice, { payments: expandOf(body).includes('payments') }) };
    }

    return stripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${method}: ${path}).`);
  }

  function handle(req: http.IncomingMessage, text: string): Answer & { replayed?: boolean } {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    // GET and DELETE carry their parameters (expand[]) in the query.
    const body = { ...decodeForm(url.search.slice(1)), ...decodeForm(text) };
    requests.push({ method, path, headers: req.headers, body });

    if (failures > 0) {
      failures -= 1;
      return stripeError(500, 'api_error', 'api_error', 'An error occurred with our connection to Stripe.');
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided.');
    }
    const key = req.headers['idempotency-key'];
    if (method !== 'POST' || typeof key !== 'string') return route(method, path, body);

    const fingerprint = `${method} ${path} ${text}`;
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        return stripeError(
          400,
          'idempotency_error',
          'idempotency_key_in_use',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      }
      return { ...seen.answer, replayed: true };
    }
    const answer = route(method, path, body);
    idempotent.set(key, { fingerprint, answer });
    return answer;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks).toString('utf8'));
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': `req_${token(14)}`,
        ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    succeed(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe has no intent ${intentId}`);
      intent.status = 'succeeded';
      // The first invoice of a subscription is paid with it, and the subscription starts.
      for (const invoice of invoices.values()) {
        if (invoice.intentId !== intentId) continue;
        Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due });
        const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
        if (subscription && subscription.status !== 'canceled') subscription.status = 'active';
      }
      return { ...intent };
    },
    customers,
    prices,
    subscriptions,
    invoices,
    subscriptionOfIntent(intentId) {
      const invoice = [...invoices.values()].find((i) => i.intentId === intentId);
      return invoice ? subscriptions.get(invoice.parent.subscription_details.subscription) : undefined;
    },
    renew(subscriptionId, outcome = {}) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete') throw new Error(`fake Stripe: subscription ${subscriptionId} does not renew`);
      const invoice = newInvoice(subscription, 'subscription_cycle', !outcome.declined);
      if (outcome.declined) {
        invoice.next_payment_attempt = outcome.lastTry ? null : now() + 3 * 86_400;
        subscription.status = 'past_due';
      }
      return invoice;
    },
    retry(invoiceId, outcome) {
      const invoice = invoices.get(invoiceId);
      if (!invoice || invoice.status !== 'open') throw new Error(`fake Stripe: invoice ${invoiceId} is not open`);
      invoice.attempt_count += 1;
      const subscription = subscriptions.get(invoice.parent.subscription_details.subscription)!;
      if (outcome.declined) {
        invoice.next_payment_attempt = outcome.lastTry ? null : now() + 5 * 86_400;
      } else {
        intents.get(invoice.intentId)!.status = 'succeeded';
        Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, next_payment_attempt: null });
        subscription.status = 'active';
      }
      return invoice;
    },
    objectOf: (invoice) => invoiceObject(invoice),
    subscriptionObject: (subscription) => subscriptionObject(subscription),
    event(type, object, eventId = `evt_${token()}_${++events}`) {
      const body = JSON.stringify({ id: eventId, object: 'event', type, api_version: '2026-10-28', created: now(), livemode: false, data: { object } });
      return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }) };
    },
    async fire(siteUrl, event) {
      const response = await fetch(`${siteUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.body,
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    failNext(count) {
      failures = count;
    },
    acceptKey(key) {
      secretKey = key;
    },
    chargeOf(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe has no intent ${intentId}`);
      const amountRefunded = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
      return { id: `ch_${intentId.slice(3)}`, object: 'charge', amount: intent.amount, amount_refunded: amountRefunded, refunded: amountRefunded >= intent.amount, payment_intent: intentId, currency: intent.currency };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
