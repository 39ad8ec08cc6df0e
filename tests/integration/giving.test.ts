import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { DialectMigrationProvider } from '../../server/db/migrations/index';
import { insertDonation } from '../../server/db/repositories/donations';
import { insertPayment } from '../../server/db/repositories/payments';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { createTestDatabase, startTestServer, testContent, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

let server: TestServer;
let client: ApiClient;
let n = 0;

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
  client = server.client();
  await client.get('/api/events/upcoming');
});
afterAll(() => server?.close());

const unique = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.org`;
const intent = (body: Record<string, unknown>) => client.post('/api/stripe/donation_intent', body);
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;
const donationRow = (intentId: string) =>
  server.db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .selectAll('donations')
    .select(['payments.status', 'payments.amount_cents', 'payments.id as pid'])
    .where('payments.intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
const donationCount = async () => Number((await server.db.selectFrom('donations').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Opens, pays and saves one gift; answers the form sent, the secret and the charged row. */
async function give(body: Record<string, unknown>) {
  const form = { amount: '20', email: unique('donor'), message: '', ...body };
  const created = await intent(form);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  const row = await donationRow(intentIdOf(secret));
  const saved = await client.post('/api/stripe/save_donation', { ...form, amount: (row.amount_cents / 100).toFixed(2), token: secret });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return { form, secret, row: await donationRow(intentIdOf(secret)) };
}

describe('tribute gifts', () => {
  it('notify the person named exactly once, saying who gave and in whose name, never the amount', async () => {
    const notifyEmail = unique('friend');
    const { form, secret, row } = await give({
      amount: '75.25',
      name: 'Carol Giver',
      tribute: 'memory',
      tributeName: 'Ada Lovelace',
      notify: true,
      notifyName: 'Bea Friend',
      notifyEmail: notifyEmail.toUpperCase(),
    });
    expect(row).toMatchObject({ tribute_kind: 'memory', tribute_name: 'Ada Lovelace', notify_name: 'Bea Friend', notify_email: notifyEmail, notify_amount: 0, donor_name: 'Carol Giver' });

    // Every path that learns of the payment again (save, the gateway's own event, the sweep) adds nothing.
    expect((await client.post('/api/stripe/save_donation', { ...form, amount: '75.25', token: secret })).status).toBe(200);
    const again = await server.services.payments.settle({ id: intentIdOf(secret), status: 'succeeded', amountCents: 7525, currency: 'usd', clientSecret: secret, metadata: {} });
    expect(again.outcome).toBe('already');
    await server.services.sweep.sweep();

    const note = await waitForMail(server.config.mail.outboxDir, (m) => m.to === notifyEmail);
    const { site } = testContent();
    expect(note.subject).toBe(`A gift to ${site.name} in memory of Ada Lovelace`);
    expect(note.text).toContain('Dear Bea Friend,');
    expect(note.text).toContain(`Carol Giver has made a gift to ${site.name} in memory of Ada Lovelace`);
    expect(note.text).not.toMatch(/\$\s?\d/);
    expect(note.html).not.toMatch(/\$\s?\d/);

    const receipt = await waitForMail(server.config.mail.outboxDir, (m) => m.to === form.email);
    expect(receipt.text).toMatch(/In memory of:\s+Ada Lovelace/);
    expect(receipt.text).toContain('We are letting Bea Friend know of your gift in memory of Ada Lovelace.');
    await server.services.mail.idle();
    const mails = await readOutbox(server.config.mail.outboxDir);
    expect(mails.filter((m) => m.to === notifyEmail)).toHaveLength(1);
    expect(mails.filter((m) => m.to === form.email)).toHaveLength(1);
    const queued = await server.db.selectFrom('mail_outbox').select(['purpose']).where('payment_id', '=', row.pid).execute();
    expect(queued.map((q) => q.purpose).sort()).toEqual(['donation_paid', 'tribute_notification']);
  });

  it('says the amount only when the donor ticked "Include the amount"', async () => {
    const notifyEmail = unique('family');
    await give({ amount: '40', name: 'Dan', tribute: 'honor', tributeName: 'Grandma Jo', notify: true, notifyName: 'Jo', notifyEmail, notifyAmount: true });
    const note = await waitForMail(server.config.mail.outboxDir, (m) => m.to === notifyEmail);
    expect(note.subject).toContain('in honor of Grandma Jo');
    expect(note.text).toContain('Dan has made a gift of $40.00');
  });

  it('sends no notification for a tribute without one, nor for an unpaid gift', async () => {
    const { row } = await give({ tribute: 'honor', tributeName: 'Coach Lee' });
    expect(row).toMatchObject({ tribute_kind: 'honor', tribute_name: 'Coach Lee', notify_email: null });
    const unpaidFriend = unique('unpaid');
    const created = await intent({ amount: '20', email: unique('donor'), name: 'Eve', tribute: 'memory', tributeName: 'X', notify: true, notifyName: 'Fay', notifyEmail: unpaidFriend });
    expect(created.status).toBe(201);
    await server.services.mail.idle();
    const purposes = await server.db.selectFrom('mail_outbox').select('purpose').where('payment_id', '=', row.pid).execute();
    expect(purposes.map((p) => p.purpose)).toEqual(['donation_paid']);
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === unpaidFriend)).toHaveLength(0);
  });
});

describe('giving anonymously', () => {
  it('keeps the donor’s name out of the tribute notification', async () => {
    const notifyEmail = unique('anon-friend');
    const { form, row } = await give({ name: 'Secret Sam', anonymous: true, tribute: 'memory', tributeName: 'Pat', notify: true, notifyName: 'Quinn', notifyEmail, notifyAmount: true });
    expect(row).toMatchObject({ anonymous: 1, donor_name: 'Secret Sam' });
    const note = await waitForMail(server.config.mail.outboxDir, (m) => m.to === notifyEmail);
    expect(note.text).toContain('An anonymous donor has made a gift of $20.00');
    expect(note.text).not.toContain('Secret Sam');
    expect(note.html).not.toContain('Secret Sam');
    const receipt = await waitForMail(server.config.mail.outboxDir, (m) => m.to === form.email);
    expect(receipt.text).toContain('You gave anonymously');
  });

  it('an anonymous donor need not give a name for a notification', async () => {
    expect((await intent({ amount: '20', email: unique('donor'), anonymous: true, tribute: 'memory', tributeName: 'Pat', notify: true, notifyName: 'Quinn', notifyEmail: unique('q') })).status).toBe(201);
  });
});

describe('covering card fees', () => {
  it('charges the gift plus 3% the server computes, records both parts and receipts them', async () => {
    const { form, row } = await give({ amount: '$50.50', coverFees: true, total: '52.02' });
    // 3% of $50.50 is $1.515, rounded half up to $1.52.
    expect(row).toMatchObject({ amount_cents: 5202, gift_cents: 5050, fee_cents: 152, status: 'paid' });
    const receipt = await waitForMail(server.config.mail.outboxDir, (m) => m.to === form.email);
    expect(receipt.text).toContain('$52.02');
    expect(receipt.text).toMatch(/Of which, to cover card fees:\s+\$1\.52/);
  });

  it('computes the total itself when the form sends none', async () => {
    const created = await intent({ amount: '10', email: unique('donor'), coverFees: true });
    expect(created.status).toBe(201);
    expect(await donationRow(intentIdOf(created.json.clientSecret as string))).toMatchObject({ amount_cents: 1030, gift_cents: 1000, fee_cents: 30 });
  });

  it('refuses a wrong total from the browser on field amount and saves nothing', async () => {
    const before = await donationCount();
    for (const body of [
      { amount: '20', coverFees: true, total: '20.00' },
      { amount: '20', coverFees: true, total: '20.59' },
      { amount: '20', coverFees: false, total: '20.60' },
      { amount: '20', coverFees: true, total: 0.6 },
    ]) {
      const res = await intent({ ...body, email: unique('donor') });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json)).toEqual(['amount']);
      expect(res.json.amount).toMatch(/\$20\.(60|00)/);
    }
    expect(await donationCount()).toBe(before);
  });

  it('a donation recorded without its parts (as before this change) counts the whole payment as the gift', async () => {
    const now = new Date().toISOString();
    const payment = await insertPayment(server.db, { purpose: 'donation', amountCents: 1234, userId: null, clientKey: null, now, expiresAt: now, firstCheckAt: now });
    const donation = await insertDonation(server.db, { paymentId: payment.id, email: unique('old'), message: '', now });
    expect(donation).toMatchObject({ giftCents: 1234, feeCents: 0, anonymous: false, donorName: '', tribute: null });
  });

  it('a gift without the fee option is the whole payment, and saving the fee-less amount of a fee-covered gift is refused', async () => {
    const { row } = await give({ amount: '20' });
    expect(row).toMatchObject({ amount_cents: 2000, gift_cents: 2000, fee_cents: 0 });
    const form = { amount: '20', email: unique('donor'), coverFees: true, total: '20.60' };
    const created = await intent(form);
    const secret = created.json.clientSecret as string;
    await payWithCard(client, secret);
    const res = await client.post('/api/stripe/save_donation', { ...form, amount: '20.00', token: secret });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['amount']);
  });
});

describe('the donor’s dashboard', () => {
  it('lists each gift with its card-fee part, its tribute and whether it was anonymous', async () => {
    const donor = server.client();
    const user = await signedInUser(donor, 'giver');
    const headers = user.authorization;
    const giveSignedIn = async (body: Record<string, unknown>) => {
      const created = await donor.post('/api/stripe/donation_intent', { email: user.account.email, message: '', ...body }, { headers });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const secret = created.json.clientSecret as string;
      expect((await payWithCard(donor, secret)).status).toBe(200);
      const row = await donationRow(intentIdOf(secret));
      expect((await donor.post('/api/stripe/save_donation', { amount: (row.amount_cents / 100).toFixed(2), token: secret }, { headers })).status).toBe(200);
    };
    await giveSignedIn({ amount: '20' });
    await giveSignedIn({ amount: '50.50', coverFees: true, total: '52.02', anonymous: true, tribute: 'memory', tributeName: 'Ada Lovelace' });

    const dashboard = await donor.request('GET', '/api/user/dashboard', { headers });
    expect(dashboard.status).toBe(200);
    expect(dashboard.json.donations).toEqual([
      { amount: '52.02', message: '', gift: '50.50', fee: '1.52', anonymous: true, tribute: { kind: 'memory', name: 'Ada Lovelace' }, status: 'paid', refunded: '0.00', note: null },
      { amount: '20.00', message: '', gift: '20.00', fee: '0.00', anonymous: false, tribute: null, status: 'paid', refunded: '0.00', note: null },
    ]);
  });
});

describe('validation of the new fields', () => {
  it.each<[Record<string, unknown>, string[]]>([
    [{ tribute: 'memory', tributeName: '' }, ['tributeName']],
    [{ tribute: 'memory', tributeName: '   ' }, ['tributeName']],
    [{ tribute: 'honor', tributeName: 'x'.repeat(50_000) }, ['tributeName']],
    [{ tribute: 'honor', tributeName: '<script>alert(1)</script>' }, ['tributeName']],
    [{ tribute: 'memory', tributeName: 'Ada', notify: true, name: 'Me', notifyName: '', notifyEmail: 'a@example.org' }, ['notifyName']],
    [{ tribute: 'memory', tributeName: 'Ada', notify: true, name: 'Me', notifyName: '<b>Bo</b>', notifyEmail: 'a@example.org' }, ['notifyName']],
    [{ tribute: 'memory', tributeName: 'Ada', notify: true, name: 'Me', notifyName: 'Bo', notifyEmail: 'not-an-email' }, ['notifyEmail']],
    [{ tribute: 'memory', tributeName: 'Ada', notify: true, name: 'Me', notifyName: 'Bo', notifyEmail: '<script>@example.org' }, ['notifyEmail']],
    [{ tribute: 'memory', tributeName: 'Ada', notify: true, name: 'Me', notifyName: 'Bo', notifyEmail: 'x'.repeat(50_000) }, ['notifyEmail']],
    [{ tribute: 'memory', tributeName: 'Ada', notify: true, notifyName: 'Bo', notifyEmail: 'b@example.org' }, ['name']],
    [{ name: 'x'.repeat(101) }, ['name']],
    [{ name: '<script>alert(1)</script>' }, ['name']],
    [{ name: 'Nul\u0000' }, ['name']],
    [{ tribute: 'sometimes' }, ['tribute']],
    [{ tribute: 42 }, ['tribute']],
    [{ anonymous: 'yes' }, ['anonymous']],
    [{ coverFees: 1 }, ['coverFees']],
    [{ notifyAmount: 'true' }, ['notifyAmount']],
    [{ total: 'lots' }, ['total']],
    [{ total: { cents: 2060 } }, ['total']],
  ])('%j is a field error on %j and nothing is saved', async (body, fields) => {
    const before = await donationCount();
    const res = await intent({ amount: '20', email: unique('donor'), ...body });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(fields);
    expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(await donationCount()).toBe(before);
  });
});

describe('the giving migration', () => {
  it('counts the whole payment of every earlier donation as its gift, with no fee part', async () => {
    const old = await createTestDatabase();
    const oldDb = createDatabase(testDbKind() === 'postgres' ? { kind: 'postgres', url: old.url } : { kind: 'sqlite', file: old.url });
    try {
      const migrator = new Migrator({ db: oldDb, provider: new DialectMigrationProvider(testDbKind()) });
      expect((await migrator.migrateTo('20261125T090000-content-editing')).error).toBeUndefined();
      const now = new Date().toISOString();
      for (const amountCents of [2500, 777]) {
        const payment = await insertPayment(oldDb, { purpose: 'donation', amountCents, userId: null, clientKey: null, now, expiresAt: now, firstCheckAt: now });
        await oldDb.insertInto('donations').values({ payment_id: payment.id, email: 'old@example.org', message: '', created_at: now }).execute();
      }
      expect(await migrateToLatest(oldDb, testDbKind())).toContain('20261126T120000-giving');
      const rows = await oldDb.selectFrom('donations').select(['gift_cents', 'fee_cents', 'anonymous', 'tribute_kind', 'donor_name']).orderBy('id').execute();
      expect(rows).toEqual([
        { gift_cents: 2500, fee_cents: 0, anonymous: 0, tribute_kind: null, donor_name: '' },
        { gift_cents: 777, fee_cents: 0, anonymous: 0, tribute_kind: null, donor_name: '' },
      ]);
    } finally {
      await oldDb.destroy();
      await old.drop();
    }
  });
});
