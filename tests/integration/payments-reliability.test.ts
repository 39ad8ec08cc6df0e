import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { CARDS, payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { recordingLogger } from '../helpers/logs';
import { runMain } from '../helpers/main-process';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { ApiClient, createTestDatabase, startTestServer, testContentDir, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * DESIGN.md "Payments, in one picture" and ADR 013: a payment that succeeded is never lost and
 * never counted twice, whichever of save call, webhook and sweep gets there first, or if the
 * server dies; the gateway's failures are the site's to report, never the donor's to guess.
 */

const SECRET_KEY = 'sk_test_reliability_0123456789';
const WEBHOOK_SECRET = 'whsec_reliability_0123456789abcdef';
const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_reliability_0123456789',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
});

let n = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${n++}@example.org`;
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;
const paymentRow = (db: Db, intentId: string) => db.selectFrom('payments').selectAll().where('intent_id', '=', intentId).executeTakeFirstOrThrow();

/** A webhook event as Stripe would deliver it, signed with the webhook secret. */
function stripeEvent(type: string, object: unknown, eventId: string) {
  const body = JSON.stringify({ id: eventId, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) };
}
const intentEvent = (fake: FakeStripe, type: string, intentId: string, eventId = `evt_${type}_${intentId}`) => stripeEvent(type, fake.intents.get(intentId), eventId);

async function deliver(baseUrl: string, event: { body: string; signature: string }) {
  const response = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

let eventCounter = 700;
const steakfryEvent = (db: Db, capacity: number | null) => createTestEvent(db, { eventNumber: eventCounter++, eventType: 'Benefit Event', capacity });
const party = (eventNumber: number, receiptEmail: string, people = 2) => ({
  eventNumber,
  eventDescription: 'Steak fry',
  amount: `${people * 25}.00`,
  receiptEmail,
  attendees: Array.from({ length: people }, (_, i) => ({ name: `Guest ${i + 1}`, allergies: '', child: false })),
});

describe(`the site on Stripe, against a fake Stripe on loopback (${testDbKind()})`, () => {
  let fake: FakeStripe;
  let server: TestServer;
  let client: ApiClient;
  const log = recordingLogger();

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    server = await startTestServer({ pages: 'none', env: stripeEnv(fake), logger: log.logger });
    client = server.client();
    await client.get('/api/events/upcoming');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const donate = async (body: Record<string, unknown>, as: ApiClient = client) => {
    const created = await as.post('/api/stripe/donation_intent', body);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const secret = created.json.clientSecret as string;
    return { secret, id: intentIdOf(secret) };
  };

  it('creates the intent at Stripe with the amount, the receipt email and a random idempotency key', async () => {
    const email = uniqueEmail('stripe');
    const { id } = await donate({ amount: '$25.00', email, message: 'Go team' });
    expect(fake.intents.get(id)).toMatchObject({ amount: 2500, currency: 'usd', receipt_email: email, metadata: { kind: 'donation' } });
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.body.receipt_email as string) === email);
    // Never an id a restored backup could reuse (review finding 12).
    expect(call?.headers['idempotency-key']).toMatch(/^payment-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a donation paid at Stripe is marked paid by the webhook alone, once, however often it arrives', async () => {
    const email = uniqueEmail('webhook');
    const body = { amount: '40', email, message: 'No save call follows' };
    const { secret, id } = await donate(body);
    const unpaid = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(unpaid.status).toBe(400);
    expect(Object.keys(unpaid.json)).toEqual(['card']);

    fake.succeed(id); // Stripe.js confirmed the card; the page closed before saving.
    const event = intentEvent(fake, 'payment_intent.succeeded', id);
    expect(await deliver(server.url, event)).toEqual({ status: 200, json: { received: true } });
    expect(await deliver(server.url, event)).toEqual({ status: 200, json: { received: true, duplicate: true } });
    // The same payment reported again under another event id changes nothing either.
    expect((await deliver(server.url, intentEvent(fake, 'payment_intent.succeeded', id, `evt_again_${id}`))).status).toBe(200);
    expect(await paymentRow(server.db, id)).toMatchObject({ status: 'paid', amount_cents: 4000 });

    // The save call coming late answers the paid donation and sends nothing more.
    const late = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(late.json).toMatchObject({ status: 'paid', amount: '40.00' });
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === email);
    await server.services.mail.idle();
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('a sign-up paid at Stripe is marked paid by the webhook and confirmed once', async () => {
    const user = await signedInUser(client, 'stripeteam');
    const eventNumber = await steakfryEvent(server.db, null);
    const created = await client.post('/api/stripe/steakfry_signup_intent', party(eventNumber, user.account.email), { headers: user.authorization });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = intentIdOf(created.json.clientSecret as string);
    expect(fake.intents.get(id)).toMatchObject({ amount: 5000, metadata: { kind: 'signup' } });
    fake.succeed(id);
    expect((await deliver(server.url, intentEvent(fake, 'payment_intent.succeeded', id))).status).toBe(200);
    expect((await paymentRow(server.db, id)).status).toBe('paid');
    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === user.account.email && m.attachments.some((a) => a.filename.endsWith('.ics')));
    expect(mail.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true);
  });

  it('the sweep settles what neither the page nor the webhook reported, and leaves unpaid intents pending', async () => {
    const paidEmail = uniqueEmail('sweep');
    const paid = await donate({ amount: '12.34', email: paidEmail });
    const unpaid = await donate({ amount: '5', email: uniqueEmail('unpaid') });
    fake.succeed(paid.id);

    await server.services.sweep.sweep({ everything: true });
    expect((await paymentRow(server.db, paid.id)).status).toBe('paid');
    expect((await paymentRow(server.db, unpaid.id)).status).toBe('pending');
    await server.services.sweep.sweep({ everything: true });
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === paidEmail);
    await server.services.mail.idle();
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === paidEmail)).toHaveLength(1);
  });

  it("lets Stripe.js and the Payment Element's frames through the Content-Security-Policy", async () => {
    const csp = (await client.get('/api/events/upcoming')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toContain('https://js.stripe.com');
    expect(directive('frame-src')).toContain('https://js.stripe.com');
    expect(directive('frame-src')).toContain('https://hooks.stripe.com');
    expect(directive('connect-src')).toContain('https://api.stripe.com');
    expect(directive('script-src')).not.toContain('unsafe-inline');
  });

  it('refuses a webhook signed with another secret and marks nothing', async () => {
    const { id } = await donate({ amount: '9', email: uniqueEmail('forged') });
    fake.succeed(id);
    const event = intentEvent(fake, 'payment_intent.succeeded', id);
    const forged = { body: event.body, signature: Stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: 'whsec_someone_else' }) };
    expect((await deliver(server.url, forged)).status).toBe(400);
    expect((await paymentRow(server.db, id)).status).toBe('pending');
  });

  it('only the holder of the client secret can save: an intent id with a made-up secret is refused', async () => {
    const body = { amount: '30', email: uniqueEmail('secret') };
    const { id } = await donate(body);
    fake.succeed(id);
    const guessed = await client.post('/api/stripe/save_donation', { ...body, token: `${id}_secret_madeup` });
    expect(guessed.status).toBe(400);
    expect(Object.keys(guessed.json)).toEqual(['token']);
    expect((await paymentRow(server.db, id)).status).toBe('pending');
  });

  it('never records a payment whose amount at the gateway differs from the record (save call and webhook)', async () => {
    const body = { amount: '50', email: uniqueEmail('mismatch') };
    const { secret, id } = await donate(body);
    fake.succeed(id);
    fake.intents.get(id)!.amount = 100; // someone changed the intent at Stripe to $1.00
    const saved = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(saved.status).toBe(400);
    expect(Object.keys(saved.json)).toEqual(['amount']);
    expect((await deliver(server.url, intentEvent(fake, 'payment_intent.succeeded', id))).status).toBe(200);
    await server.services.sweep.sweep({ everything: true });
    expect((await paymentRow(server.db, id)).status).toBe('pending');
    expect(log.errors().some((l) => l.msg === 'succeeded intent amount differs from the payment: not recorded' && l.paymentId !== undefined)).toBe(true);
  });

  it('Stripe down: a 503 the donor understands, logged as an error; a sign-up that could not start gives its places back at once', async () => {
    const eventNumber = await steakfryEvent(server.db, 2);
    const user = await signedInUser(client, 'outage');
    const errorsBefore = log.errors().length;
    fake.failNext(3); // the SDK tries three times
    const refused = await client.post('/api/stripe/steakfry_signup_intent', party(eventNumber, user.account.email), { headers: user.authorization });
    expect(refused.status).toBe(503);
    expect(refused.json.server).toMatch(/^The card payment service is not answering right now\. Please try again in a few minutes\. \(reference /);
    expect(log.errors().slice(errorsBefore).map((l) => l.msg)).toContain('payment provider failure');
    const failed = await server.db
      .selectFrom('payments')
      .innerJoin('signups', 'signups.payment_id', 'payments.id')
      .select(['payments.status', 'payments.status_reason', 'signups.hold_expires_at'])
      .where('payments.user_id', '=', (await server.db.selectFrom('users').select('id').where('email', '=', user.account.email).executeTakeFirstOrThrow()).id)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ status: 'failed', status_reason: 'gateway_error', hold_expires_at: null });
    expect(await server.services.events.placesLeft(eventNumber)).toBe(2);
    // Once Stripe answers again the same person signs up at once.
    expect((await client.post('/api/stripe/steakfry_signup_intent', party(eventNumber, user.account.email), { headers: user.authorization })).status).toBe(201);
  });

  it('a revoked key: every payment answers 502 and each failure is an error in the log, never a client error', async () => {
    const errorsBefore = log.errors().length;
    fake.acceptKey('sk_test_someone_rotated_it');
    try {
      const res = await client.post('/api/stripe/donation_intent', { amount: '10', email: uniqueEmail('revoked') });
      expect(res.status).toBe(502);
      expect(res.json.server).toMatch(/^Card payments are not working on our side right now/);
      expect(res.json.requestId).toBe(res.headers.get('x-request-id'));
      const logged = log.errors().slice(errorsBefore);
      expect(logged.map((l) => l.msg)).toContain('payment provider failure');
      expect(JSON.stringify(logged)).not.toContain(SECRET_KEY);
    } finally {
      fake.acceptKey(SECRET_KEY);
    }
  });

  it('declined cards reported by Stripe count: after five in a row that payer is paused, with a clear message', async () => {
    const payer = server.client();
    await payer.get('/api/events/upcoming');
    for (let i = 0; i < 5; i++) {
      const { id } = await donate({ amount: '5', email: uniqueEmail('tester') }, payer);
      expect((await deliver(server.url, intentEvent(fake, 'payment_intent.payment_failed', id))).status).toBe(200);
    }
    const blocked = await payer.post('/api/stripe/donation_intent', { amount: '5', email: uniqueEmail('tester') });
    expect(blocked.status).toBe(429);
    expect(blocked.json.card).toMatch(/^Too many cards were declined in a row\. For everyone's safety, card payments from here are paused for \d+ minutes?\./);
    // Others are not affected.
    const other = server.client();
    await other.get('/api/events/upcoming');
    expect((await other.post('/api/stripe/donation_intent', { amount: '5', email: uniqueEmail('other') })).status).toBe(201);
  });

  it('a refund made in the Stripe Dashboard shows on the dashboard; a cancelled intent expires its payment', async () => {
    const user = await signedInUser(client, 'dashrefund');
    const body = { amount: '80', email: user.account.email, message: 'gift' };
    const created = await client.post('/api/stripe/donation_intent', body, { headers: user.authorization });
    const id = intentIdOf(created.json.clientSecret as string);
    fake.succeed(id);
    await client.post('/api/stripe/save_donation', { ...body, token: created.json.clientSecret });
    fake.refunds.push({ id: 're_dash', object: 'refund', payment_intent: id, amount: 3000, currency: 'usd', status: 'succeeded' });
    expect((await deliver(server.url, stripeEvent('charge.refunded', fake.chargeOf(id), `evt_refund_${id}`))).status).toBe(200);
    expect(await paymentRow(server.db, id)).toMatchObject({ status: 'partially_refunded', refunded_cents: 3000, status_reason: 'outside_site' });
    const dashboard = await client.request('GET', '/api/user/dashboard', { headers: user.authorization });
    expect(dashboard.json.donations).toEqual([{ amount: '80.00', message: 'gift', gift: '80.00', fee: '0.00', anonymous: false, tribute: null, status: 'partially_refunded', refunded: '30.00', note: 'Partly refunded ($30.00): by the foundation' }]);

    const abandoned = await donate({ amount: '7', email: uniqueEmail('abandoned') });
    fake.intents.get(abandoned.id)!.status = 'canceled';
    expect((await deliver(server.url, intentEvent(fake, 'payment_intent.canceled', abandoned.id))).status).toBe(200);
    expect(await paymentRow(server.db, abandoned.id)).toMatchObject({ status: 'expired', status_reason: 'abandoned' });
  });

  it('a refund held up by a Stripe outage stays pending and the sweep sends it once Stripe is back, under the same key', async () => {
    const body = { amount: '60', email: uniqueEmail('refundretry') };
    const { secret, id } = await donate(body);
    fake.succeed(id);
    await client.post('/api/stripe/save_donation', { ...body, token: secret });
    const payment = await paymentRow(server.db, id);
    fake.failNext(3);
    const refund = await server.services.payments.refund(payment.id, { reason: 'staff', requestKey: `retry-${payment.id}` });
    expect(refund.status).toBe('pending');
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toEqual([]);
    expect(await paymentRow(server.db, id)).toMatchObject({ status: 'refunded', refunded_cents: 6000 });
    await server.db.updateTable('refunds').set({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', refund.id).execute();
    expect((await server.services.sweep.sweep()).refundsRetried).toBe(1);
    expect(fake.refunds.filter((r) => r.payment_intent === id).map((r) => r.amount)).toEqual([6000]);
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds' && r.body.payment_intent === id);
    expect(new Set(calls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    expect((await server.db.selectFrom('refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow()).status).toBe('succeeded');
  });
});

describe(`a restored backup (${testDbKind()})`, () => {
  it('reuses record ids but never an idempotency key: new payments on an older database all start', async () => {
    const fake = await startFakeStripe({ secretKey: SECRET_KEY });
    const before = await startTestServer({ pages: 'none', env: stripeEnv(fake) });
    const after = await startTestServer({ pages: 'none', env: stripeEnv(fake) });
    try {
      for (const site of [before, after]) {
        const client = site.client();
        await client.get('/api/events/upcoming');
        for (let i = 0; i < 5; i++) {
          const res = await client.post('/api/stripe/donation_intent', { amount: `${10 + i}`, email: uniqueEmail('restore') });
          expect(res.status, JSON.stringify(res.json)).toBe(201);
        }
      }
      const ids = async (site: TestServer) => (await site.db.selectFrom('payments').select('id').orderBy('id').execute()).map((r) => r.id);
      expect(await ids(after)).toEqual(await ids(before)); // the same ids on both databases…
      expect(new Set(fake.requests.filter((r) => r.path === '/v1/payment_intents').map((r) => r.headers['idempotency-key'])).size).toBe(10); // …but ten keys
    } finally {
      await before.close();
      await after.close();
      await fake.close();
    }
  });
});

describe(`exactly once, whoever reports the payment (${testDbKind()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'none' });
  });
  afterAll(() => server?.close());

  it('the save call, the webhook and the sweep settling one payment at the same moment record it once, with one receipt', async () => {
    for (const kind of ['donation', 'signup'] as const) {
      const client = server.client();
      const user = await signedInUser(client, `race${kind}`);
      const email = uniqueEmail(`race-${kind}`);
      const created =
        kind === 'donation'
          ? await client.post('/api/stripe/donation_intent', { amount: '15', email })
          : await client.post('/api/stripe/steakfry_signup_intent', party(await steakfryEvent(server.db, 10), email), { headers: user.authorization });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const id = intentIdOf(created.json.clientSecret as string);
      // Charged at the gateway with nobody told yet (the simulated form would settle at once).
      await server.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', id).execute();
      const intent = await server.services.gateway.retrieveIntent(id);
      const outcomes = await Promise.all([1, 2, 3].map(() => server.services.payments.settle(intent)));
      expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already', 'already', 'paid']);
      await waitForMail(server.config.mail.outboxDir, (m) => m.to === email);
      await server.services.mail.idle();
      expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === email)).toHaveLength(1);
      expect(await server.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute()).toHaveLength(1);
    }
  });
});

describe(`the sweep reaches every pending payment (${testDbKind()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'none' });
  });
  afterAll(() => server?.close());

  it('1,000 abandoned attempts ahead of one paid but never saved: the paid one is settled and the abandoned ones expire', async () => {
    const abandoned: string[] = [];
    for (let i = 0; i < 1000; i++) {
      const answer = await server.services.donations.createIntent({ amount: '1', email: `abandoned${i}@example.org` }, null, null);
      abandoned.push(intentIdOf(answer.clientSecret));
    }
    const email = uniqueEmail('paid-late');
    const paid = intentIdOf((await server.services.donations.createIntent({ amount: '77', email }, null, null)).clientSecret);
    await server.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', paid).execute();
    // An hour and more later: every attempt is due and the abandoned ones are past their time.
    const past = new Date(Date.now() - 1000).toISOString();
    await server.db.updateTable('payments').set({ next_check_at: past }).where('status', '=', 'pending').execute();
    await server.db.updateTable('payments').set({ expires_at: past }).where('intent_id', 'in', abandoned).execute();

    const result = await server.services.sweep.sweep();
    expect(result).toMatchObject({ settled: 1, expired: 1000 });
    expect((await paymentRow(server.db, paid)).status).toBe('paid');
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === email);
    const left = await server.db.selectFrom('payments').select('id').where('status', '=', 'pending').execute();
    expect(left).toEqual([]);
    // Given up means cancelled at the gateway: none of them can be charged any more.
    const stillPayable = await server.db.selectFrom('payment_intents').select('id').where('id', 'in', abandoned).where('status', '!=', 'canceled').execute();
    expect(stillPayable).toEqual([]);
    expect(await server.services.sweep.sweep()).toMatchObject({ checked: 0 });
  });
});

describe(`a server killed with SIGKILL between the payment and the save (${testDbKind()})`, () => {
  it('marks the donation paid after restart, exactly once, with one receipt', async () => {
    const fake = await startFakeStripe({ secretKey: SECRET_KEY });
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sigkill-'));
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      CONTENT_DIR: testContentDir(),
      ...stripeEnv(fake),
    };
    const db: Db = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'sqlite', file: database.url });
    let first = runMain(env);
    try {
      await first.ready;
      const client = new ApiClient(first.url());
      await client.get('/api/events/upcoming');
      const email = uniqueEmail('killed');
      const created = await client.post('/api/stripe/donation_intent', { amount: '75', email, message: 'Paid, then the lights went out' });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const id = intentIdOf(created.json.clientSecret as string);

      fake.succeed(id); // the card is charged at Stripe...
      first.child.kill('SIGKILL'); // ...and the server dies before the page's save call or any webhook
      await first.exited;
      const row = () => paymentRow(db, id);
      expect((await row()).status).toBe('pending');

      first = runMain(env);
      await first.ready;
      await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe('paid');
      expect((await row()).amount_cents).toBe(7500);
      const outbox = path.join(dataDir, 'outbox');
      await waitForMail(outbox, (m) => m.to === email);

      // The webhook Stripe retries afterwards, and the page's late save, change nothing.
      expect((await deliver(first.url(), intentEvent(fake, 'payment_intent.succeeded', id))).status).toBe(200);
      const restartedClient = new ApiClient(first.url());
      await restartedClient.get('/api/events/upcoming');
      const late = await restartedClient.post('/api/stripe/save_donation', { amount: '75', token: created.json.clientSecret });
      expect(late.json).toMatchObject({ status: 'paid', amount: '75.00' });
      await expect.poll(async () => (await db.selectFrom('mail_outbox').select('status').where('to_address', '=', email).execute()).map((m) => m.status)).toEqual(['sent']);
      expect((await readOutbox(outbox)).filter((m) => m.to === email)).toHaveLength(1);
      expect(await db.selectFrom('donations').select('id').where('email', '=', email).execute()).toHaveLength(1);
    } finally {
      first.child.kill('SIGKILL');
      await first.exited;
      await db.destroy();
      await fake.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe(`many donors at once on the simulated gateway (${testDbKind()})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'none' });
  });
  afterAll(() => server?.close());

  it('50 concurrent donations all end paid, each exactly once, with the right amounts', async () => {
    const gifts = Array.from({ length: 50 }, (_, i) => ({ amount: `${i + 1}.${String(i).padStart(2, '0')}`, email: uniqueEmail(`crowd${i}`), message: `gift ${i}` }));
    const results = await Promise.all(
      gifts.map(async (gift) => {
        const client = server.client(); // every donor has their own browser, cookies and address
        await client.get('/api/events/upcoming');
        const created = await client.post('/api/stripe/donation_intent', gift);
        expect(created.status, JSON.stringify(created.json)).toBe(201);
        const secret = created.json.clientSecret as string;
        expect((await payWithCard(client, secret)).status).toBe(200);
        const [a, b] = await Promise.all([
          client.post('/api/stripe/save_donation', { ...gift, token: secret }),
          client.post('/api/stripe/save_donation', { ...gift, token: secret }),
        ]);
        expect([a.status, b.status]).toEqual([200, 200]);
        return intentIdOf(secret);
      }),
    );
    const rows = await server.db.selectFrom('payments').innerJoin('donations', 'donations.payment_id', 'payments.id').selectAll().where('intent_id', 'in', results).execute();
    expect(rows).toHaveLength(50);
    for (const gift of gifts) {
      const row = rows.find((r) => r.email === gift.email)!;
      expect(row.status).toBe('paid');
      expect(row.amount_cents).toBe(Math.round(Number(gift.amount) * 100));
    }
    await expect
      .poll(async () => (await readOutbox(server.config.mail.outboxDir)).filter((m) => gifts.some((g) => g.email === m.to)).length, { timeout: 10_000 })
      .toBe(50);
    await server.services.mail.idle();
    const receipts = (await readOutbox(server.config.mail.outboxDir)).filter((m) => gifts.some((g) => g.email === m.to));
    expect(new Set(receipts.map((m) => m.to)).size).toBe(50);
    expect(receipts).toHaveLength(50);
  });

  it('five declined cards in a row pause card payments from that address for a while; a success clears the streak', async () => {
    const tester = server.client();
    await tester.get('/api/events/upcoming');
    const created = await tester.post('/api/stripe/donation_intent', { amount: '1', email: uniqueEmail('cards') });
    const secret = created.json.clientSecret as string;
    for (let i = 0; i < 4; i++) expect((await payWithCard(tester, secret, CARDS.declined)).status).toBe(402);
    expect((await payWithCard(tester, secret)).status).toBe(200); // the fifth try is a good card: the streak ends
    const next = await tester.post('/api/stripe/donation_intent', { amount: '1', email: uniqueEmail('cards') });
    for (let i = 0; i < 5; i++) expect((await payWithCard(tester, next.json.clientSecret as string, CARDS.insufficient)).status).toBe(402);
    const paused = await payWithCard(tester, next.json.clientSecret as string);
    expect(paused.status).toBe(429);
    expect(paused.json.card).toMatch(/^Too many cards were declined in a row/);
    expect((await tester.post('/api/stripe/donation_intent', { amount: '1', email: uniqueEmail('cards') })).status).toBe(429);
  });
});
