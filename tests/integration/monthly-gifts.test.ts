import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { ApiClient, startTestServer, testContent, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * Monthly gifts on the site's own schedule (ADR 027), on a clock the tests move: never today's date.
 * Every plan starts on a 31st, so the short months' last days are exercised as well.
 */

let n = 0;
const unique = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.org`;
const at = (day: string) => new Date(`${day}T17:00:00Z`);

/** A moved clock shared by one server (or two on one database). */
function movedClock(start: string) {
  let now = at(start);
  return { clock: () => now, set: (day: string) => (now = at(day)), plusDays: (days: number) => (now = new Date(now.getTime() + days * 86_400_000)) };
}

async function startMonthly(server: TestServer, client: ApiClient, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const form = { amount: '20', email: unique('monthly'), monthly: true, ...body };
  const created = await client.request('POST', '/api/stripe/donation_intent', { body: form, headers });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  const plan = await server.db.selectFrom('giving_plans').selectAll().where('email', '=', form.email).executeTakeFirstOrThrow();
  return { form, plan };
}

const paidGiftsOf = (server: TestServer, planId: number) =>
  server.db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .select(['donations.plan_month', 'donations.plan_attempt', 'payments.amount_cents', 'payments.status', 'payments.paid_at'])
    .where('donations.plan_id', '=', planId)
    .orderBy('donations.id')
    .execute();

const mailTo = (server: TestServer, to: string) =>
  server.db.selectFrom('mail_outbox').select(['purpose', 'subject', 'text_body', 'html_body']).where('to_address', '=', to).orderBy('id').execute();

/** The manage link's query, read from a receipt the way a donor's mail program shows it. */
function linkIn(text: string): { plan: string; sig: string; url: string } {
  const url = /https?:\/\/\S+\/giving\/manage\?plan=\d+&sig=[\w-]+/.exec(text)?.[0];
  expect(url, text).toBeDefined();
  const query = new URL(url!).searchParams;
  return { plan: query.get('plan')!, sig: query.get('sig')!, url: url! };
}

describe('monthly gifts on a moved clock', () => {
  const time = movedClock('2027-01-31');
  let server: TestServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ pages: 'none', clock: time.clock });
    client = server.client();
    await client.get('/api/events/upcoming');
  });
  afterAll(() => server?.close());

  it('thirteen months: one gift and receipt a month, a declined month emailed and retried three days later', async () => {
    time.set('2027-01-31');
    const { form, plan } = await startMonthly(server, client, { coverFees: true, name: 'Mo Nthly' });
    expect(plan).toMatchObject({ status: 'active', gift_cents: 2000, cover_fees: 1, anchor_day: 31, next_charge_on: '2027-02-28' });
    expect(plan.payment_method_id).toMatch(/^pm_sim_/);
    // The gateway keeps the card's last digits and expiry, never its number.
    const saved = await server.db.selectFrom('simulated_payment_methods').selectAll().where('id', '=', plan.payment_method_id).executeTakeFirstOrThrow();
    expect(saved.last4).toBe('4242');

    // Not due before its day, however often the job runs.
    time.set('2027-02-27');
    expect(await server.services.givingPlans.chargeDue()).toEqual({ charged: 0, declined: 0, skipped: 0 });

    const expectedDays = ['2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31', '2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31', '2028-01-31'];
    for (const day of expectedDays) {
      time.set(day);
      if (day === '2027-06-30') {
        await server.db.updateTable('simulated_payment_methods').set({ decline_code: 'insufficient_funds' }).where('id', '=', plan.payment_method_id).execute();
        expect(await server.services.givingPlans.chargeDue()).toMatchObject({ charged: 0, declined: 1 });
        const row = await server.db.selectFrom('giving_plans').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow();
        expect(row).toMatchObject({ next_charge_on: '2027-06-30', failed_attempts: 1, retry_at: at('2027-07-03').toISOString() });
        await server.db.updateTable('simulated_payment_methods').set({ decline_code: null }).where('id', '=', plan.payment_method_id).execute();
        // Not retried before its day.
        time.set('2027-07-02');
        expect(await server.services.givingPlans.chargeDue()).toEqual({ charged: 0, declined: 0, skipped: 0 });
        time.set('2027-07-03');
      }
      // Two runs in the same moment, and one more after: the month is charged once.
      const [first, second] = await Promise.all([server.services.givingPlans.chargeDue(), server.services.givingPlans.chargeDue()]);
      expect(first.charged + second.charged, day).toBe(1);
      expect((await server.services.givingPlans.chargeDue()).charged, day).toBe(0);
    }

    const gifts = await paidGiftsOf(server, plan.id);
    const paid = gifts.filter((g) => g.status === 'paid');
    expect(paid).toHaveLength(13);
    expect(paid.map((g) => g.plan_month)).toEqual(['2027-01', ...expectedDays.map((d) => d.slice(0, 7))]);
    expect(paid.every((g) => g.amount_cents === 2060)).toBe(true);
    // June's first try failed, its retry (attempt 2) paid.
    expect(gifts.filter((g) => g.plan_month === '2027-06').map((g) => [g.plan_attempt, g.status])).toEqual([
      [1, 'failed'],
      [2, 'paid'],
    ]);
    const plan13 = await server.db.selectFrom('giving_plans').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(plan13).toMatchObject({ next_charge_on: '2028-02-29', failed_attempts: 0, retry_at: null, lease_until: null });

    const mail = await mailTo(server, form.email);
    const receipts = mail.filter((m) => m.purpose === 'donation_paid');
    expect(receipts).toHaveLength(13);
    for (const receipt of receipts) {
      expect(receipt.text_body).toContain('This is one of your monthly gifts.');
      expect(linkIn(receipt.text_body).plan).toBe(String(plan.id));
    }
    const declined = mail.filter((m) => m.purpose === 'monthly_gift_declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.subject).toBe(`Your monthly gift to ${testContent().site.name} could not be charged`);
    expect(declined[0]!.text_body).toContain('the card was declined: Your card has insufficient funds.');
    expect(declined[0]!.text_body).toContain('we will try once more on July 3, 2027.');
    expect(linkIn(declined[0]!.text_body).plan).toBe(String(plan.id));
  });

  it('a plan held by another runner, or a month already paid, is not charged again', async () => {
    time.set('2027-03-31');
    const { plan } = await startMonthly(server, client);
    time.set('2027-04-30');
    // Another instance holds the plan (its lease runs to the next hour): this one leaves it alone.
    const held = new Date(time.clock().getTime() + 3_600_000).toISOString();
    await server.db.updateTable('giving_plans').set({ lease_until: held }).where('id', '=', plan.id).execute();
    expect((await server.services.givingPlans.chargeDue()).charged).toBe(0);
    await server.db.updateTable('giving_plans').set({ lease_until: null }).where('id', '=', plan.id).execute();
    expect((await server.services.givingPlans.chargeDue()).charged).toBe(1);
    // Even if the plan's date were put back, April has its gift: it is never charged a second time.
    await server.db.updateTable('giving_plans').set({ next_charge_on: '2027-04-30' }).where('id', '=', plan.id).execute();
    expect(await server.services.givingPlans.chargeDue()).toMatchObject({ charged: 0, skipped: 1 });
    expect((await paidGiftsOf(server, plan.id)).map((g) => g.plan_month)).toEqual(['2027-03', '2027-04']);
  });

  it('three declines in a month skip it (the donor is told), and the plan carries on', async () => {
    time.set('2027-03-31');
    const { form, plan } = await startMonthly(server, client);
    await server.db.updateTable('simulated_payment_methods').set({ decline_code: 'card_declined' }).where('id', '=', plan.payment_method_id).execute();
    for (const day of ['2027-04-30', '2027-05-03', '2027-05-06']) {
      time.set(day);
      expect((await server.services.givingPlans.chargeDue()).declined, day).toBe(1);
    }
    const row = await server.db.selectFrom('giving_plans').selectAll().where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'active', next_charge_on: '2027-05-31', failed_attempts: 0, retry_at: null });
    const notes = (await mailTo(server, form.email)).filter((m) => m.purpose === 'monthly_gift_declined');
    expect(notes).toHaveLength(3);
    expect(notes[2]!.text_body).toContain('We will not try again this month. Your monthly gift stays on, and the next one is due on May 31, 2027.');
  });

  it('the signed link shows, changes and stops the plan without signing in; a forged or altered link does nothing', async () => {
    time.set('2027-03-31');
    const { form, plan } = await startMonthly(server, client, { amount: '15' });
    const receipt = (await mailTo(server, form.email)).find((m) => m.purpose === 'donation_paid')!;
    const link = linkIn(receipt.text_body);
    const stranger = new ApiClient(server.url);
    await stranger.get('/api/events/upcoming');

    const shown = await stranger.get(`/api/giving/plan?plan=${link.plan}&sig=${link.sig}`);
    expect(shown.status).toBe(200);
    expect(shown.json).toEqual({ id: plan.id, amount: '15.00', coverFees: false, total: '15.00', status: 'active', nextChargeOn: '2027-04-30' });
    expect(JSON.stringify(shown.json)).not.toContain(form.email);

    const forged = link.sig.slice(0, -2) + (link.sig.endsWith('AA') ? 'BB' : 'AA');
    for (const query of [{ plan: link.plan, sig: forged }, { plan: String(plan.id - 1), sig: link.sig }]) {
      expect((await stranger.get(`/api/giving/plan?plan=${query.plan}&sig=${query.sig}`)).status).toBe(404);
      expect((await stranger.post('/api/giving/plan', { ...query, amount: '1' })).status).toBe(404);
      expect((await stranger.post('/api/giving/plan/stop', query)).status).toBe(404);
    }
    const bad = await stranger.post('/api/giving/plan', { ...link, amount: '<script>' });
    expect(bad.status).toBe(400);
    expect(bad.json.amount).toBe('Enter the amount in dollars and cents, like 20 or $20.00.');

    const changed = await stranger.post('/api/giving/plan', { plan: link.plan, sig: link.sig, amount: '$30', coverFees: true });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ amount: '30.00', total: '30.90', coverFees: true });
    const confirmed = (await mailTo(server, form.email)).filter((m) => m.purpose === 'monthly_gift_changed');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]!.text_body).toContain('is now $30.90 a month, as you asked.');
    expect(confirmed[0]!.text_body).toContain('The next one is charged on April 30, 2027.');
    expect(linkIn(confirmed[0]!.text_body)).toEqual(link);
    time.set('2027-04-30');
    expect((await server.services.givingPlans.chargeDue()).charged).toBe(1);
    expect((await paidGiftsOf(server, plan.id)).map((g) => g.amount_cents)).toEqual([1500, 3090]);

    const stopped = await stranger.post('/api/giving/plan/stop', { plan: link.plan, sig: link.sig });
    expect(stopped.json).toMatchObject({ status: 'stopped', nextChargeOn: null });
    // Stopping twice stops once, with one email.
    expect((await stranger.post('/api/giving/plan/stop', { plan: link.plan, sig: link.sig })).json).toMatchObject({ status: 'stopped' });
    const stopMails = (await mailTo(server, form.email)).filter((m) => m.purpose === 'monthly_gift_stopped');
    expect(stopMails.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your monthly gift to .+ is stopped$/)]);
    expect(stopMails[0]!.text_body).toContain('Nothing more will be charged.');
    time.set('2027-05-31');
    await server.services.givingPlans.chargeDue();
    expect(await paidGiftsOf(server, plan.id)).toHaveLength(2);
    const late = await stranger.post('/api/giving/plan', { plan: link.plan, sig: link.sig, amount: '40' });
    expect(late.status).toBe(409);

    // A new manage key revokes every link sent before.
    await server.db.updateTable('giving_plans').set({ manage_key: 'rotated-key-rotated-key-rotated' }).where('id', '=', plan.id).execute();
    expect((await stranger.get(`/api/giving/plan?plan=${link.plan}&sig=${link.sig}`)).status).toBe(404);
  });

  it('a signed-in donor sees and changes only their own plans from the dashboard calls', async () => {
    time.set('2027-03-31');
    const owner = server.client();
    const { authorization } = await signedInUser(owner, 'monthly');
    const { plan } = await startMonthly(server, owner, {}, authorization);
    expect(plan.user_id).not.toBeNull();
    const mine = await owner.request('GET', '/api/giving/my-plans', { headers: authorization });
    expect(mine.json).toEqual([{ id: plan.id, amount: '20.00', coverFees: false, total: '20.00', status: 'active', nextChargeOn: '2027-04-30' }]);

    const other = server.client();
    const intruder = await signedInUser(other, 'intruder');
    expect((await other.request('GET', '/api/giving/my-plans', { headers: intruder.authorization })).json).toEqual([]);
    expect((await other.request('POST', `/api/giving/my-plans/${plan.id}`, { body: { amount: '1' }, headers: intruder.authorization })).status).toBe(404);
    expect((await other.request('POST', `/api/giving/my-plans/${plan.id}/stop`, { headers: intruder.authorization })).status).toBe(404);
    expect((await owner.request('GET', '/api/giving/my-plans')).status).toBe(401);

    const changed = await owner.request('POST', `/api/giving/my-plans/${plan.id}`, { body: { amount: '25' }, headers: authorization });
    expect(changed.json).toMatchObject({ amount: '25.00', status: 'active' });
    const stopped = await owner.request('POST', `/api/giving/my-plans/${plan.id}/stop`, { headers: authorization });
    expect(stopped.json).toMatchObject({ status: 'stopped', nextChargeOn: null });
  });

  it('a one-time gift starts no plan and its receipt has no monthly link', async () => {
    const form = { amount: '20', email: unique('once') };
    const created = await client.post('/api/stripe/donation_intent', form);
    expect((await payWithCard(client, created.json.clientSecret as string)).status).toBe(200);
    expect(await server.db.selectFrom('giving_plans').select('id').where('email', '=', form.email).execute()).toEqual([]);
    const intent = await server.db.selectFrom('payment_intents').select(['save_card', 'payment_method_id']).where('receipt_email', '=', form.email).executeTakeFirstOrThrow();
    expect(intent).toEqual({ save_card: 0, payment_method_id: null });
    const receipt = (await mailTo(server, form.email)).find((m) => m.purpose === 'donation_paid')!;
    expect(receipt.text_body).not.toContain('monthly');
  });
});

/** DESIGN.md "Scale past one machine": two instances' jobs side by side charge each plan's month once. */
describe.runIf(testDbKind() === 'postgres')('monthly gifts with two app instances on one database', () => {
  const time = movedClock('2027-01-31');
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer({ pages: 'none', clock: time.clock });
    b = await startTestServer({ pages: 'none', clock: time.clock, sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('each due plan is charged once a month, whichever instance runs first', async () => {
    const client = a.client();
    await client.get('/api/events/upcoming');
    const plans = [];
    for (let i = 0; i < 8; i++) plans.push((await startMonthly(a, client, { amount: String(10 + i) })).plan);
    for (const day of ['2027-02-28', '2027-03-31', '2027-04-30']) {
      time.set(day);
      const runs = await Promise.all([a.services.givingPlans.chargeDue(), b.services.givingPlans.chargeDue(), a.services.givingPlans.chargeDue(), b.services.givingPlans.chargeDue()]);
      expect(runs.reduce((sum, r) => sum + r.charged, 0), day).toBe(8);
    }
    for (const plan of plans) {
      const gifts = await paidGiftsOf(a, plan.id);
      expect(gifts.map((g) => [g.plan_month, g.status])).toEqual([
        ['2027-01', 'paid'],
        ['2027-02', 'paid'],
        ['2027-03', 'paid'],
        ['2027-04', 'paid'],
      ]);
    }
  });
});
