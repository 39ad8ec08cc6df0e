import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, payWithCard, signedInUser } from '../helpers/accounts';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { startTestServer, testContent, type ApiClient, type TestServer } from '../helpers/test-server';

let server: TestServer;
let client: ApiClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
  client = server.client();
  await client.get('/api/events/upcoming');
});
afterAll(() => server?.close());

const donorEmail = () => `donor.${Date.now().toString(36)}${n++}@example.org`;
const intent = (body: Record<string, unknown>, headers: Record<string, string> = {}) => client.post('/api/stripe/donation_intent', body, { headers });
/** The donation and its payment, by intent id. */
const donationRow = (intentId: string) =>
  server.db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .selectAll('donations')
    .select(['payments.status', 'payments.amount_cents', 'payments.user_id', 'payments.paid_at', 'payments.intent_id'])
    .where('payments.intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;

async function paidDonation(amount = '20.00', extra: Record<string, unknown> = {}) {
  const body = { amount, email: donorEmail(), message: 'For the families', ...extra };
  const created = await intent(body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  return { body, secret };
}

describe('POST /api/stripe/donation_intent', () => {
  it.each([
    ['20', '20.00'],
    ['20.00', '20.00'],
    ['$20.00', '20.00'],
    ['1,000.50', '1000.50'],
    ['1.00', '1.00'],
    ['25,000.00', '25000.00'],
  ])('accepts the amount %j as %s and answers the secret and the saved intent', async (amount, normalised) => {
    const email = donorEmail();
    const res = await intent({ amount, email: email.toUpperCase(), message: '  Thank you  ' });
    expect(res.status).toBe(201);
    expect(res.json.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    expect(res.json.savedIntent).toEqual({ amount: normalised, email, message: 'Thank you' });
    const row = await donationRow(intentIdOf(res.json.clientSecret as string));
    expect(row).toMatchObject({ status: 'pending', email, user_id: null, amount_cents: Math.round(Number(normalised) * 100) });
  });

  it.each([[''], ['abc'], ['0.99'], ['25000.01'], ['-5'], ['1e3'], ['20.001'], ['0'], ['$'], ['9'.repeat(30)], [null], [true], [[20]]])(
    'refuses the amount %j on field amount, creating nothing',
    async (amount) => {
      const before = await server.db.selectFrom('donations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      const res = await intent({ amount, email: donorEmail(), message: '' });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json)).toEqual(['amount']);
      const after = await server.db.selectFrom('donations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    },
  );

  it.each([['NaN'], ['Infinity'], ['0.001'], ['20.5.0'], ['<script>alert(1)</script>'], [-20], [0.001], [1e21], [{ amount: 20 }]])(
    'refuses the amount %j with a field error, never a 500',
    async (amount) => {
      const res = await intent({ amount, email: donorEmail() });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json)).toEqual(['amount']);
    },
  );

  it('answers wrong types, huge strings and bodies that are not objects with field errors, writing nothing', async () => {
    const count = async () => Number((await server.db.selectFrom('donations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cases: [unknown, string[]][] = [
      [{ amount: '20', email: ['a@example.org'] }, ['email']],
      [{ amount: '20', email: 42 }, ['email']],
      [{ amount: '20', email: `${'a'.repeat(300)}@example.org` }, ['email']],
      [{ amount: '20', email: '<script>@example.org' }, ['email']],
      [{ amount: '20', email: donorEmail(), message: 'x'.repeat(50_000) }, ['message']],
      [{ amount: 'x'.repeat(50_000), email: 'nope' }, ['amount', 'email']],
      [{}, ['amount', 'email']],
    ];
    for (const [body, fields] of cases) {
      const res = await intent(body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json).sort()).toEqual(fields);
    }
    for (const raw of ['[1,2]', '"a string"', 'null', '42']) {
      const res = await client.post('/api/stripe/donation_intent', raw);
      expect(res.status).toBe(400);
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
    expect(await count()).toBe(before);
  });

  it('keeps script tags in the message as text', async () => {
    const message = '<script>alert("x")</script> & <img src=x onerror=alert(1)>';
    const res = await intent({ amount: '20', email: donorEmail(), message });
    expect(res.status).toBe(201);
    expect((res.json.savedIntent as { message: string }).message).toBe(message);
    expect((await donationRow(intentIdOf(res.json.clientSecret as string))).message).toBe(message);
  });

  it('wants a valid email and a message of at most 1,000 characters (optional)', async () => {
    expect((await intent({ amount: '20', email: 'nope' })).json).toHaveProperty('email');
    expect(Object.keys((await intent({ amount: '20' })).json)).toEqual(['email']);
    expect(Object.keys((await intent({ amount: '20', email: donorEmail(), message: 'x'.repeat(1001) })).json)).toEqual(['message']);
    expect((await intent({ amount: '20', email: donorEmail(), message: 'x'.repeat(1000) })).status).toBe(201);
    expect((await intent({ amount: '20', email: donorEmail() })).status).toBe(201);
    expect(Object.keys((await intent({ amount: '20', email: donorEmail(), message: { a: 1 } })).json)).toEqual(['message']);
  });

  it('links the donation to the donor when a valid token comes along, and not otherwise', async () => {
    const { token } = await signedInUser(client, 'giver');
    const signed = await intent({ amount: '5', email: donorEmail() }, { authorization: `Bearer ${token}` });
    expect((await donationRow(intentIdOf(signed.json.clientSecret as string))).user_id).not.toBeNull();
    const forged = await intent({ amount: '5', email: donorEmail() }, { authorization: `Bearer ${token.slice(0, -3)}abc` });
    expect(forged.status).toBe(201);
    expect((await donationRow(intentIdOf(forged.json.clientSecret as string))).user_id).toBeNull();
  });
});

describe('the simulated card form', () => {
  it.each([
    [CARDS.declined, {}, 'Your card was declined.'],
    [CARDS.insufficient, {}, 'Your card has insufficient funds.'],
    [CARDS.expired, {}, 'Your card has expired.'],
    ['4242 4242 4242 4241', {}, 'Your card number is invalid.'],
    [CARDS.ok, { expiry: '01/20' }, 'Your card has expired.'],
  ])('refuses %s %j with "%s" and leaves the donation pending', async (number, overrides, message) => {
    const created = await intent({ amount: '20', email: donorEmail() });
    const secret = created.json.clientSecret as string;
    const res = await payWithCard(client, secret, number, overrides as Record<string, string>);
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ card: message });
    expect((await donationRow(intentIdOf(secret))).status).toBe('pending');
    const save = await client.post('/api/stripe/save_donation', { token: secret, amount: '20', email: (created.json.savedIntent as { email: string }).email, message: '' });
    expect(save.status).toBe(400);
    expect(Object.keys(save.json)).toEqual(['card']);
    // Another card can still pay the same intent.
    expect((await payWithCard(client, secret)).status).toBe(200);
  });
});

describe('POST /api/stripe/save_donation', () => {
  it('checks the payment with the gateway, marks the donation paid and mails a receipt once', async () => {
    const { body, secret } = await paidDonation('1,000.50', { message: 'In memory of <b>Ada</b>' });
    const saved = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ amount: '1000.50', email: body.email, message: 'In memory of <b>Ada</b>', status: 'paid' });
    const again = await client.post('/api/stripe/save_donation', { ...body, token: secret });
    expect(again.json).toEqual(saved.json);
    const row = await donationRow(intentIdOf(secret));
    expect(row.status).toBe('paid');
    expect(row.paid_at).not.toBeNull();

    const receipt = await waitForMail(server.config.mail.outboxDir, (m) => m.to === body.email);
    const { site } = testContent();
    expect(receipt.subject).toBe(`Receipt for your donation to ${site.name}`);
    expect(receipt.text).toContain('$1,000.50');
    expect(receipt.text).toContain(site.ein);
    expect(receipt.text).toContain('No goods or services were provided in exchange for this contribution.');
    expect(receipt.text).toContain('In memory of <b>Ada</b>');
    expect(receipt.html).not.toContain('<b>Ada</b>');
    await server.services.mail.idle();
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === body.email)).toHaveLength(1);
  });

  it('answers wrong types and unknown intents with field errors, never a 500, and changes nothing', async () => {
    const { body, secret } = await paidDonation('20');
    const cases: Record<string, unknown>[] = [
      { ...body, token: 42 },
      { ...body, token: { id: secret } },
      { ...body, token: [secret] },
      { ...body, token: 'x'.repeat(50_000) },
      { ...body, token: 'pi_sim_doesnotexist_secret_doesnotexist' },
      { ...body, token: secret, amount: { cents: 2000 } },
      { ...body, token: secret, amount: 'NaN' },
      { ...body, token: secret, amount: '0.001' },
      { ...body, token: secret, amount: -20 },
    ];
    for (const payload of cases) {
      const res = await client.post('/api/stripe/save_donation', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(Object.keys(res.json).length).toBeGreaterThan(0);
    }
    for (const raw of ['[1,2]', '"a string"', 'null']) expect((await client.post('/api/stripe/save_donation', raw)).status).toBe(400);
    // The payment itself is untouched: saving it properly still works, once.
    const row = await donationRow(intentIdOf(secret));
    expect(row.amount_cents).toBe(2000);
    expect((await client.post('/api/stripe/save_donation', { ...body, token: secret })).json).toMatchObject({ status: 'paid', amount: '20.00' });
  });

  it('refuses a mismatching amount, an unknown or malformed token and a missing one', async () => {
    const { body, secret } = await paidDonation('20');
    expect(Object.keys((await client.post('/api/stripe/save_donation', { ...body, amount: '19.99', token: secret })).json)).toEqual(['amount']);
    expect(Object.keys((await client.post('/api/stripe/save_donation', { ...body, token: 'pi_nope_secret_nope' })).json)).toEqual(['token']);
    expect(Object.keys((await client.post('/api/stripe/save_donation', { ...body, token: `${intentIdOf(secret)}_secret_wrong` })).json)).toEqual(['token']);
    expect(Object.keys((await client.post('/api/stripe/save_donation', { ...body, token: '<script>' })).json)).toEqual(['token']);
    expect(Object.keys((await client.post('/api/stripe/save_donation', body)).json)).toEqual(['token']);
  });

  it('shows paid donations (not pending ones) on the donor dashboard', async () => {
    const { token, account } = await signedInUser(client, 'dash');
    const headers = { authorization: `Bearer ${token}` };
    const paid = await intent({ amount: '$42.00', email: account.email, message: 'Keep going' }, headers);
    await payWithCard(client, paid.json.clientSecret as string);
    await client.post('/api/stripe/save_donation', { amount: '$42.00', email: account.email, message: 'Keep going', token: paid.json.clientSecret });
    await intent({ amount: '7', email: account.email, message: 'never paid' }, headers);
    const dashboard = await client.request('GET', '/api/user/dashboard', { headers });
    expect(dashboard.json.donations).toEqual([{ amount: '42.00', message: 'Keep going', gift: '42.00', fee: '0.00', anonymous: false, tribute: null, status: 'paid', refunded: '0.00', note: null }]);
  });
});

describe('payments that succeed without a save call', () => {
  it('the simulated gateway marks the donation paid by itself when the card succeeds', async () => {
    const { secret, body } = await paidDonation('15');
    await expect.poll(async () => (await donationRow(intentIdOf(secret))).status).toBe('paid');
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === body.email);
  });

  it('reconciliation settles a pending donation whose intent succeeded at the gateway', async () => {
    const email = donorEmail();
    const created = await intent({ amount: '30', email });
    const id = intentIdOf(created.json.clientSecret as string);
    // As if the card went through but neither the browser's save nor the event reached us.
    await server.db.updateTable('payment_intents').set({ status: 'succeeded' }).where('id', '=', id).execute();
    expect((await donationRow(id)).status).toBe('pending');
    // A sweep now leaves it alone: its page or webhook has two minutes to report it first.
    expect((await server.services.sweep.sweep()).settled).toBe(0);
    expect((await donationRow(id)).status).toBe('pending');
    await server.db.updateTable('payments').set({ next_check_at: new Date(Date.now() - 1000).toISOString() }).where('intent_id', '=', id).execute();
    const result = await server.services.sweep.sweep();
    expect(result.settled).toBeGreaterThanOrEqual(1);
    expect((await donationRow(id)).status).toBe('paid');
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === email);
  });

  it('the webhook refuses unsigned calls when no Stripe keys are configured', async () => {
    const res = await client.post('/api/stripe/webhook', { type: 'payment_intent.succeeded' }, { xsrf: false, headers: { 'stripe-signature': 't=1,v1=abc' } });
    expect(res.status).toBe(400);
  });
});
