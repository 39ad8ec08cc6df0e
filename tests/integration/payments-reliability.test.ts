import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/db/database';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { runMain } from '../helpers/main-process';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { ApiClient, createTestDatabase, PROJECT_ROOT, startTestServer, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * DESIGN.md "Payments, in one picture": a payment that succeeded is never lost and never counted
 * twice, whichever of save call, webhook and reconciliation gets there first, or if the server dies.
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

/** A payment_intent.succeeded event as Stripe would deliver it, signed with the webhook secret. */
function succeededEvent(fake: FakeStripe, intentId: string, eventId = `evt_${intentId}`) {
  const body = JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: fake.intents.get(intentId) },
  });
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) };
}

async function deliver(baseUrl: string, event: { body: string; signature: string }) {
  const response = await fetch(`${baseUrl}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe(`the site on Stripe, against a fake Stripe on loopback (${testDbKind()})`, () => {
  let fake: FakeStripe;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY });
    server = await startTestServer({ pages: 'none', env: stripeEnv(fake) });
    client = server.client();
    await client.get('/api/events/upcoming');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const donationRow = (intentId: string) =>
    server.db.selectFrom('donations').selectAll().where('payment_intent_id', '=', intentId).executeTakeFirstOrThrow();

  it('creates the intent at Stripe with the amount, receipt email and an idempotency key', async () => {
    const email = uniqueEmail('stripe');
    const res = await client.post('/api/stripe/donation_intent', { amount: '$25.00', email, message: 'Go team' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = intentIdOf(res.json.clientSecret as string);
    expect(fake.intents.get(id)).toMatchObject({ amount: 2500, currency: 'usd', receipt_email: email, metadata: { kind: 'donation' } });
    const call = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.body.receipt_email as string) === email);
    expect(call?.headers['idempotency-key']).toMatch(/^donation-\d+$/);
  });

  it('a donation paid at Stripe is marked paid by the webhook alone, once, however often it arrives', async () => {
    const email = uniqueEmail('webhook');
    const body = { amount: '40', email, message: 'No save call follows' };
    const created = await client.post('/api/stripe/donation_intent', body);
    const secret = created.json.clientSecret as string;
    const id = intentIdOf(secret);

    const unpaid = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(unpaid.status).toBe(400);
    expect(Object.keys(unpaid.json)).toEqual(['card']);

    fake.succeed(id); // Stripe.js confirmed the card; the page closed before saving.
    const event = succeededEvent(fake, id);
    expect(await deliver(server.url, event)).toEqual({ status: 200, json: { received: true } });
    expect(await deliver(server.url, event)).toEqual({ status: 200, json: { received: true, duplicate: true } });
    // The same payment reported again under another event id changes nothing either.
    expect((await deliver(server.url, succeededEvent(fake, id, `evt_again_${id}`))).status).toBe(200);
    expect(await donationRow(id)).toMatchObject({ status: 'paid', amount_cents: 4000 });

    // The save call coming late answers the paid donation and sends nothing more.
    const late = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(late.json).toMatchObject({ status: 'paid', amount: '40.00' });
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === email);
    await new Promise((r) => setTimeout(r, 300));
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === email)).toHaveLength(1);
  });

  it('a sign-up paid at Stripe is marked paid by the webhook and confirmed once', async () => {
    const user = await signedInUser(client, 'stripeteam');
    const body = {
      eventNumber: 5,
      eventDescription: 'Steak fry',
      amount: '40.00',
      receiptEmail: user.account.email,
      attendees: [
        { name: 'Pat', allergies: '', child: false },
        { name: 'Sam', allergies: '', child: true },
      ],
    };
    const created = await client.post('/api/stripe/steakfry_signup_intent', body, { headers: user.authorization });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = intentIdOf(created.json.clientSecret as string);
    expect(fake.intents.get(id)).toMatchObject({ amount: 4000, metadata: { kind: 'signup' } });
    fake.succeed(id);
    expect((await deliver(server.url, succeededEvent(fake, id))).status).toBe(200);
    const row = await server.db.selectFrom('signups').selectAll().where('payment_intent_id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('paid');
    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === user.account.email);
    expect(mail.attachments.some((a) => a.filename.endsWith('.ics'))).toBe(true);
  });

  it('reconciliation settles what neither the page nor the webhook reported, and leaves unpaid intents pending', async () => {
    const paidEmail = uniqueEmail('sweep');
    const paid = await client.post('/api/stripe/donation_intent', { amount: '12.34', email: paidEmail });
    const unpaid = await client.post('/api/stripe/donation_intent', { amount: '5', email: uniqueEmail('unpaid') });
    const paidId = intentIdOf(paid.json.clientSecret as string);
    const unpaidId = intentIdOf(unpaid.json.clientSecret as string);
    fake.succeed(paidId);

    await server.services.paymentEvents.reconcile();
    expect((await donationRow(paidId)).status).toBe('paid');
    expect((await donationRow(unpaidId)).status).toBe('pending');
    await server.services.paymentEvents.reconcile();
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === paidEmail);
    await new Promise((r) => setTimeout(r, 300));
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
    const created = await client.post('/api/stripe/donation_intent', { amount: '9', email: uniqueEmail('forged') });
    const id = intentIdOf(created.json.clientSecret as string);
    fake.succeed(id);
    const event = succeededEvent(fake, id);
    const forged = { body: event.body, signature: Stripe.webhooks.generateTestHeaderString({ payload: event.body, secret: 'whsec_someone_else' }) };
    expect((await deliver(server.url, forged)).status).toBe(400);
    expect((await donationRow(id)).status).toBe('pending');
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
      CONTENT_DIR: path.join(PROJECT_ROOT, 'content'),
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
      const row = () => db.selectFrom('donations').selectAll().where('payment_intent_id', '=', id).executeTakeFirstOrThrow();
      expect((await row()).status).toBe('pending');

      first = runMain(env);
      await first.ready;
      await expect.poll(async () => (await row()).status, { timeout: 10_000 }).toBe('paid');
      expect((await row()).amount_cents).toBe(7500);
      const outbox = path.join(dataDir, 'outbox');
      await waitForMail(outbox, (m) => m.to === email);

      // The webhook Stripe retries afterwards, and another sweep, change nothing.
      expect((await deliver(first.url(), succeededEvent(fake, id))).status).toBe(200);
      const restartedClient = new ApiClient(first.url());
      await restartedClient.get('/api/events/upcoming');
      const late = await restartedClient.post('/api/stripe/save_donation', {
        amount: '75',
        email,
        message: 'Paid, then the lights went out',
        token: created.json.clientSecret,
      });
      expect(late.json).toMatchObject({ status: 'paid', amount: '75.00' });
      await new Promise((r) => setTimeout(r, 300));
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
        const client = server.client(); // every donor has their own browser and cookies
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
    const rows = await server.db.selectFrom('donations').selectAll().where('payment_intent_id', 'in', results).execute();
    expect(rows).toHaveLength(50);
    for (const gift of gifts) {
      const row = rows.find((r) => r.email === gift.email)!;
      expect(row.status).toBe('paid');
      expect(row.amount_cents).toBe(Math.round(Number(gift.amount) * 100));
    }
    await expect
      .poll(async () => (await readOutbox(server.config.mail.outboxDir)).filter((m) => gifts.some((g) => g.email === m.to)).length, { timeout: 10_000 })
      .toBe(50);
    await new Promise((r) => setTimeout(r, 300));
    const receipts = (await readOutbox(server.config.mail.outboxDir)).filter((m) => gifts.some((g) => g.email === m.to));
    expect(new Set(receipts.map((m) => m.to)).size).toBe(50);
    expect(receipts).toHaveLength(50);
  });
});
