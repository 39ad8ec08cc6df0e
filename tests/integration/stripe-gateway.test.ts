import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createCounters } from '../../server/domain/counters';
import type { PaymentCore } from '../../server/domain/payments/core';
import { createGatewayEvents } from '../../server/domain/payments/gateway-events';
import { paymentWebhookRouter } from '../../server/http/api/payment-webhook';
import { simulatedPaymentsRouter } from '../../server/http/api/simulated-payments';
import { createRateLimits } from '../../server/http/middleware/rate-limits';
import { createGateway } from '../../server/payments/create-gateway';
import {
  GatewayUnavailableError,
  IdempotencyError,
  IntentNotFoundError,
  WebhookSignatureError,
  type GatewayIntent,
  type PaymentGateway,
} from '../../server/payments/gateway';
import { GOOD_CARD } from '../helpers/accounts';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/test-server';

const SECRET_KEY = 'sk_test_fake_0123456789';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';
const logger = pino({ level: 'silent' });
const sign = (payload: string, secret = WEBHOOK_SECRET) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

let database: TestDatabase;
let db: Db;
let fake: FakeStripe;
let gateway: PaymentGateway;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'sqlite', file: database.url });
  await migrateToLatest(db, testDbKind());
  fake = await startFakeStripe({ secretKey: SECRET_KEY });
  gateway = createGateway(
    { kind: 'stripe', secretKey: SECRET_KEY, publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, apiUrl: new URL(fake.url) },
    { db, logger },
  );
});
afterAll(async () => {
  await fake?.close();
  await db?.destroy();
  await database?.drop();
});

let keys = 0;
const input = (overrides: Partial<Parameters<PaymentGateway['createIntent']>[0]> = {}) => ({
  amountCents: 2500,
  currency: 'usd' as const,
  receiptEmail: 'donor@example.org',
  description: 'Donation to the Foundation',
  metadata: { kind: 'donation', donationId: '12' },
  idempotencyKey: `donation-test-${++keys}`,
  ...overrides,
});

/** A payment_intent.* event as Stripe would send it, with the intent as it stands at the fake. */
function eventBody(id: string, type: string, intentId: string): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: fake.intents.get(intentId) },
  });
}

describe(`Stripe gateway against a fake Stripe (${testDbKind()})`, () => {
  it('creates an intent through the real SDK with the parameters the design asks for', async () => {
    const intent = await gateway.createIntent(input({ idempotencyKey: 'donation-create-1' }));
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/),
      status: 'requires_payment_method',
      amountCents: 2500,
      currency: 'usd',
      metadata: { kind: 'donation', donationId: '12' },
    });
    const request = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/payment_intents')!;
    expect(request.headers['idempotency-key']).toBe('donation-create-1');
    expect(request.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.body).toEqual({
      amount: '2500',
      currency: 'usd',
      receipt_email: 'donor@example.org',
      description: 'Donation to the Foundation',
      metadata: { kind: 'donation', donationId: '12' },
      automatic_payment_methods: { enabled: 'true' },
    });
  });

  it('returns the same intent for a repeated idempotency key and refuses the key with another amount', async () => {
    const before = fake.intents.size;
    const first = await gateway.createIntent(input({ idempotencyKey: 'donation-same' }));
    const second = await gateway.createIntent(input({ idempotencyKey: 'donation-same' }));
    expect(second).toEqual(first);
    expect(fake.intents.size).toBe(before + 1);
    await expect(gateway.createIntent(input({ idempotencyKey: 'donation-same', amountCents: 2600 }))).rejects.toBeInstanceOf(IdempotencyError);
  });

  it('retrieves by id or client secret and sees the status change', async () => {
    const intent = await gateway.createIntent(input());
    expect(await gateway.retrieveIntent(intent.id)).toEqual(intent);
    expect(await gateway.retrieveIntent(intent.clientSecret)).toEqual(intent);
    // The secret never travels to Stripe: only the id is in the path.
    expect(fake.requests.at(-1)!.path).toBe(`/v1/payment_intents/${intent.id}`);
    fake.succeed(intent.id);
    expect(await gateway.retrieveIntent(intent.clientSecret)).toEqual({ ...intent, status: 'succeeded' });
  });

  it('reports an unknown intent as IntentNotFoundError', async () => {
    await expect(gateway.retrieveIntent('pi_doesnotexist_secret_abc')).rejects.toBeInstanceOf(IntentNotFoundError);
  });

  it('refunds in parts under one key per refund; a replayed key gives the same refund; an unpaid intent is refused', async () => {
    const intent = await gateway.createIntent(input());
    await expect(gateway.refund({ intentId: intent.id, amountCents: 100, idempotencyKey: 'refund-a' })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
    fake.succeed(intent.id);
    const first = await gateway.refund({ intentId: intent.id, amountCents: 1000, idempotencyKey: 'refund-b' });
    expect(await gateway.refund({ intentId: intent.id, amountCents: 1000, idempotencyKey: 'refund-b' })).toEqual(first);
    await gateway.refund({ intentId: intent.id, amountCents: 1500, idempotencyKey: 'refund-c' });
    await expect(gateway.refund({ intentId: intent.id, amountCents: 1, idempotencyKey: 'refund-d' })).rejects.toMatchObject({ code: 'charge_already_refunded' });
    expect(fake.refunds.filter((r) => r.payment_intent === intent.id).map((r) => r.amount)).toEqual([1000, 1500]);
    const call = fake.requests.findLast((r) => r.path === '/v1/refunds' && r.body.amount === '1500');
    expect(call?.headers['idempotency-key']).toBe('refund-c');
    await expect(gateway.refund({ intentId: 'pi_unknown', amountCents: 1, idempotencyKey: 'refund-e' })).rejects.toBeInstanceOf(IntentNotFoundError);
  });

  it('cancels an unpaid intent; a paid one stays succeeded and is answered as it stands', async () => {
    const unpaid = await gateway.createIntent(input());
    expect(await gateway.cancelIntent(unpaid.id)).toMatchObject({ id: unpaid.id, status: 'canceled' });
    expect(await gateway.cancelIntent(unpaid.id)).toMatchObject({ status: 'canceled' });
    const paid = await gateway.createIntent(input());
    fake.succeed(paid.id);
    expect(await gateway.cancelIntent(paid.id)).toMatchObject({ status: 'succeeded' });
  });

  it('turns Stripe outages and refused credentials into GatewayUnavailableError (retryable or not), never a client error', async () => {
    fake.failNext(3); // the SDK retries twice, then gives up
    const down = gateway.createIntent(input());
    await expect(down).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(down).rejects.toMatchObject({ retryable: true });
    fake.acceptKey('sk_test_rotated_key');
    try {
      const refused = gateway.retrieveIntent('pi_anything');
      await expect(refused).rejects.toBeInstanceOf(GatewayUnavailableError);
      await expect(refused).rejects.toMatchObject({ retryable: false });
    } finally {
      fake.acceptKey(SECRET_KEY);
    }
  });

});

describe('parseWebhook', () => {
  it('accepts a correctly signed body and maps payment_intent events', async () => {
    const intent = await gateway.createIntent(input());
    fake.succeed(intent.id);
    const body = eventBody('evt_parse_1', 'payment_intent.succeeded', intent.id);
    const event = gateway.parseWebhook(Buffer.from(body), sign(body));
    expect(event).toEqual({ id: 'evt_parse_1', type: 'payment_intent.succeeded', intent: { ...intent, status: 'succeeded' }, refunded: null, invoice: null, subscriptionEnded: null });
  });

  it('reads a refund made outside the site from charge.refunded, and gives no intent for other types', () => {
    const body = JSON.stringify({
      id: 'evt_refund',
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_123', amount: 2500, amount_refunded: 1000 } },
    });
    expect(gateway.parseWebhook(Buffer.from(body), sign(body))).toEqual({
      id: 'evt_refund',
      type: 'charge.refunded',
      intent: null,
      refunded: { intentId: 'pi_123', amountRefundedCents: 1000 },
      invoice: null,
      subscriptionEnded: null,
    });
    const other = JSON.stringify({ id: 'evt_other', object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1', object: 'charge' } } });
    expect(gateway.parseWebhook(Buffer.from(other), sign(other))).toEqual({ id: 'evt_other', type: 'charge.succeeded', intent: null, refunded: null, invoice: null, subscriptionEnded: null });
  });

  it('refuses a tampered body, a wrong secret and a missing or garbled header', async () => {
    const intent = await gateway.createIntent(input());
    const body = eventBody('evt_parse_2', 'payment_intent.succeeded', intent.id);
    const header = sign(body);
    const tampered = body.replace('"amount":2500', '"amount":1');
    expect(tampered).not.toBe(body);
    expect(() => gateway.parseWebhook(Buffer.from(tampered), header)).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(Buffer.from(body), sign(body, 'whsec_someone_else'))).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(Buffer.from(body), undefined)).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(Buffer.from(body), '')).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(Buffer.from(body), 'nonsense')).toThrow(WebhookSignatureError);
    expect(() => gateway.parseWebhook(Buffer.alloc(0), header)).toThrow(WebhookSignatureError);
  });
});

/** An Express app with just the router under test, on a free loopback port. */
async function serve(mount: (app: express.Express) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const app = express();
  mount(app);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The webhook's domain side with a stand-in payment core whose settle is watched. */
function webhookEvents(onSucceeded: (intent: GatewayIntent) => Promise<void>, onDeclined: (intentId: string) => Promise<void> = async () => undefined) {
  const core = {
    settle: async (intent: GatewayIntent) => (await onSucceeded(intent), { outcome: 'paid' }),
    cardDeclined: onDeclined,
  } as unknown as PaymentCore;
  const subscriptions = { invoicePaid: async () => undefined, invoiceFailed: async () => undefined, subscriptionEnded: async () => undefined };
  return createGatewayEvents({ db, core, subscriptions, logger });
}

describe(`payment webhook router (${testDbKind()})`, () => {
  const onSucceeded = vi.fn<(intent: GatewayIntent) => Promise<void>>();
  let site: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    site = await serve((app) => app.use('/api/stripe/webhook', paymentWebhookRouter({ gateway, events: webhookEvents(onSucceeded), logger })));
  });
  afterAll(async () => {
    await site?.close();
  });

  /** `signature: null` sends no Stripe-Signature header at all. */
  const deliver = async (body: string, signature: string | null = sign(body)) => {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (signature !== null) headers['stripe-signature'] = signature;
    const response = await fetch(`${site.url}/api/stripe/webhook`, { method: 'POST', headers, body });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  it('hands a signed payment_intent.succeeded to onSucceeded exactly once, however often it arrives', async () => {
    onSucceeded.mockReset().mockResolvedValue(undefined);
    const intent = await gateway.createIntent(input());
    fake.succeed(intent.id);
    const body = eventBody('evt_router_1', 'payment_intent.succeeded', intent.id);

    expect(await deliver(body)).toEqual({ status: 200, json: { received: true } });
    expect(await deliver(body)).toEqual({ status: 200, json: { received: true, duplicate: true } });
    expect(onSucceeded).toHaveBeenCalledTimes(1);
    expect(onSucceeded).toHaveBeenCalledWith({ ...intent, status: 'succeeded' });
    expect(await db.selectFrom('webhook_events').selectAll().where('id', '=', 'evt_router_1').execute()).toEqual([
      { id: 'evt_router_1', type: 'payment_intent.succeeded', received_at: expect.any(String) },
    ]);
  });

  it('answers 400 to a bad or missing signature and handles nothing', async () => {
    onSucceeded.mockReset().mockResolvedValue(undefined);
    const intent = await gateway.createIntent(input());
    const body = eventBody('evt_router_bad', 'payment_intent.succeeded', intent.id);
    expect(await deliver(body, sign(body, 'whsec_wrong'))).toEqual({ status: 400, json: { webhook: 'Invalid signature.' } });
    expect(await deliver(body, null)).toEqual({ status: 400, json: { webhook: 'Invalid signature.' } });
    expect(await deliver(body.replace('evt_router_bad', 'evt_router_bad2'), sign(body))).toEqual({ status: 400, json: { webhook: 'Invalid signature.' } });
    expect(onSucceeded).not.toHaveBeenCalled();
    expect(await db.selectFrom('webhook_events').select('id').where('id', 'like', 'evt_router_bad%').execute()).toEqual([]);
  });

  it('answers 500 when handling fails, so the provider retries, and the retry is handled', async () => {
    onSucceeded.mockReset().mockRejectedValueOnce(new Error('database is busy')).mockResolvedValue(undefined);
    const intent = await gateway.createIntent(input());
    fake.succeed(intent.id);
    const body = eventBody('evt_router_retry', 'payment_intent.succeeded', intent.id);

    const failed = await deliver(body);
    expect(failed.status).toBe(500);
    expect(failed.json).toHaveProperty('webhook');
    expect(await db.selectFrom('webhook_events').select('id').where('id', '=', 'evt_router_retry').execute()).toEqual([]);

    expect(await deliver(body)).toEqual({ status: 200, json: { received: true } });
    expect(await deliver(body)).toEqual({ status: 200, json: { received: true, duplicate: true } });
    expect(onSucceeded).toHaveBeenCalledTimes(2);
  });

  it('counts a declined card, and acknowledges other event types without settling anything', async () => {
    onSucceeded.mockReset().mockResolvedValue(undefined);
    const declined = vi.fn(async () => undefined);
    const local = await serve((app) => app.use('/hook', paymentWebhookRouter({ gateway, events: webhookEvents(onSucceeded, declined), logger })));
    try {
      const intent = await gateway.createIntent(input());
      const send = async (body: string) => (await fetch(`${local.url}/hook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) }, body })).status;
      expect(await send(eventBody('evt_router_failed', 'payment_intent.payment_failed', intent.id))).toBe(200);
      expect(declined).toHaveBeenCalledWith(intent.id, null);
      expect(await send(JSON.stringify({ id: 'evt_router_charge', object: 'event', type: 'charge.succeeded', data: { object: { id: 'ch_1', object: 'charge' } } }))).toBe(200);
      expect(onSucceeded).not.toHaveBeenCalled();
    } finally {
      await local.close();
    }
  });

  it('refuses every delivery when the site runs the simulated gateway', async () => {
    const simulated = createGateway({ kind: 'simulated' }, { db, logger });
    const local = await serve((app) => app.use('/hook', paymentWebhookRouter({ gateway: simulated, events: webhookEvents(onSucceeded), logger })));
    try {
      const body = JSON.stringify({ id: 'evt_sim', object: 'event', type: 'payment_intent.succeeded', data: { object: {} } });
      const response = await fetch(`${local.url}/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': sign(body) },
        body,
      });
      expect(response.status).toBe(400);
    } finally {
      await local.close();
    }
  });
});

/** The two calls the card form's router makes of the payment core. */
const standInPayments = () => ({ assertMayConfirm: async () => undefined, cardDeclined: async () => undefined }) as unknown as PaymentCore;

describe(`simulated payments router (${testDbKind()})`, () => {
  const card = { number: '4242 4242 4242 4242', expiry: GOOD_CARD.expiry, cvc: '123', zip: '12345' };
  const post = async (url: string, body: unknown) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
  };

  it('confirms cards with Stripe’s answers and statuses', async () => {
    const simulated = createGateway({ kind: 'simulated' }, { db, logger });
    const heard = vi.fn(async () => {});
    simulated.onPaymentSucceeded(heard);
    const local = await serve((app) =>
      app.use('/api/payments/simulated', simulatedPaymentsRouter(simulated, { payments: standInPayments(), limits: createRateLimits(createCounters(db)), clientKey: () => null })),
    );
    const confirm = `${local.url}/api/payments/simulated/confirm`;
    try {
      const intent = await simulated.createIntent(input());
      expect(await post(confirm, { clientSecret: intent.clientSecret, ...card, number: '4000 0000 0000 0002' })).toEqual({
        status: 402,
        json: { card: 'Your card was declined.' },
      });
      expect(await post(confirm, { clientSecret: intent.clientSecret, ...card, expiry: '01/20' })).toEqual({
        status: 402,
        json: { card: 'Your card has expired.' },
      });
      expect(await post(confirm, { clientSecret: intent.clientSecret, ...card })).toEqual({
        status: 200,
        json: { status: 'succeeded', paymentIntent: { id: intent.id, status: 'succeeded' } },
      });
      expect(heard).toHaveBeenCalledTimes(1);
      expect(await post(confirm, { clientSecret: `${intent.id}_secret_wrong`, ...card })).toEqual({
        status: 404,
        json: { card: 'This payment could not be found. Please start again.' },
      });
      expect((await post(confirm, { clientSecret: intent.clientSecret, ...card, number: 4242 })).status).toBe(400);
      expect((await post(confirm, { clientSecret: intent.clientSecret, ...card, zip: '1'.repeat(100) })).status).toBe(400);
      expect((await post(confirm, [])).status).toBe(400);
    } finally {
      await local.close();
    }
  });

  it('does not exist when the site runs on Stripe', async () => {
    const local = await serve((app) =>
      app.use('/api/payments/simulated', simulatedPaymentsRouter(gateway, { payments: standInPayments(), limits: createRateLimits(createCounters(db)), clientKey: () => null })),
    );
    try {
      const response = await post(`${local.url}/api/payments/simulated/confirm`, { clientSecret: 'pi_x_secret_y', ...card });
      expect(response.status).toBe(404);
    } finally {
      await local.close();
    }
  });
});
