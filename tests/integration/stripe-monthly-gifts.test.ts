import { findPaymentByIntent } from '../../server/db/repositories/payments';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDuePlan, listDuePlanIds } from '../../server/db/repositories/giving-plans';
import { signedInUser } from '../helpers/accounts';
import { startFakeStripe, type FakeInvoice, type FakeStripe } from '../helpers/fake-stripe';
import { ApiClient, startTestServer, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * Monthly gifts on Stripe through Subscriptions (ADR 027), against a fake Stripe on loopback that
 * the real SDK talks to. Month 0 is the Donation Form's payment (the subscription's first invoice);
 * every later month arrives as a signed `invoice.paid` webhook and is recorded exactly once.
 */

const SECRET_KEY = 'sk_test_monthly_0123456789';
const WEBHOOK_SECRET = 'whsec_monthly_0123456789abcdef';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

let n = 0;
const unique = (who: string) => `${who}.${Date.now().toString(36)}${n++}@example.org`;
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;

/** The manage link's query, read from a receipt the way a donor's mail program shows it. */
function linkIn(text: string): { plan: string; sig: string } {
  const url = /https?:\/\/\S+\/giving\/manage\?plan=\d+&sig=[\w-]+/.exec(text)?.[0];
  expect(url, text).toBeDefined();
  const query = new URL(url!).searchParams;
  return { plan: query.get('plan')!, sig: query.get('sig')! };
}

describe(`monthly gifts on Stripe subscriptions (${testDbKind()})`, () => {
  let fake: FakeStripe;
  let server: TestServer;
  let client: ApiClient;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    server = await startTestServer({
      pages: 'none',
      env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PUBLISHABLE_KEY: 'pk_test_monthly_0123456789', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
    });
    client = server.client();
    await client.get('/api/events/upcoming');
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const fire = async (type: string, object: unknown, eventId?: string) => {
    const answer = await fake.fire(server.url, fake.event(type, object, eventId));
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return answer;
  };
  const invoicePaid = (invoice: FakeInvoice, eventId?: string) => fire('invoice.paid', fake.objectOf(invoice), eventId);

  const giftsOf = (planId: number) =>
    server.db
      .selectFrom('donations')
      .innerJoin('payments', 'payments.id', 'donations.payment_id')
      .select(['donations.plan_month', 'donations.plan_attempt', 'donations.invoice_id', 'donations.gift_cents', 'donations.fee_cents', 'payments.amount_cents', 'payments.status', 'payments.intent_id'])
      .where('donations.plan_id', '=', planId)
      .orderBy('donations.id')
      .execute();
  const mailTo = (to: string) => server.db.selectFrom('mail_outbox').select(['purpose', 'subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();
  const planRow = (id: number) => server.db.selectFrom('giving_plans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  /** The Donation Form with "Give monthly", the card confirmed by Stripe.js, Stripe's webhook for it. */
  async function startMonthly(body: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const form = { amount: '20', email: unique('stripe-monthly'), monthly: true, ...body };
    const created = await client.request('POST', '/api/stripe/donation_intent', { body: form, headers });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const intentId = intentIdOf(created.json.clientSecret as string);
    const subscription = fake.subscriptionOfIntent(intentId)!;
    expect(subscription).toBeDefined();
    fake.succeed(intentId);
    await fire('payment_intent.succeeded', fake.intents.get(intentId));
    const plan = await server.db.selectFrom('giving_plans').selectAll().where('email', '=', form.email).executeTakeFirstOrThrow();
    return { form, plan, subscription, intentId };
  }

  /** The same, by a signed-in supporter whose dashboard lists the plan. */
  async function startMonthlySignedIn(label: string, amount: string) {
    const owner = server.client();
    const { account, authorization } = await signedInUser(owner, label);
    const { form, plan, subscription } = await startMonthly({ amount, email: unique(label) }, authorization);
    return { owner, account, authorization, form, plan, subscription };
  }

  it('starts a subscription at Stripe as designed; the paid first invoice is one donation, one plan with the subscription, one receipt with the link', async () => {
    const { form, plan, subscription, intentId } = await startMonthly({ coverFees: true, name: 'Stella Stripe' });
    expect(subscription).toMatchObject({ status: 'active', payment_behavior: 'default_incomplete', payment_settings: { save_default_payment_method: 'on_subscription' } });
    expect(subscription.item.price).toMatchObject({ unit_amount: 2060, currency: 'usd', recurring: { interval: 'month' } });
    expect(fake.customers.get(subscription.customer)).toMatchObject({ email: form.email, name: 'Stella Stripe' });
    // One random key per payment; each request its own key derived from it, so a retry creates nothing twice.
    const keyOf = (path: string) => fake.requests.findLast((r) => r.method === 'POST' && r.path === path)!.headers['idempotency-key'] as string;
    const base = keyOf('/v1/customers').replace(/-customer$/, '');
    expect(base).toMatch(new RegExp(`^payment-${UUID}$`));
    expect(keyOf('/v1/prices')).toBe(`${base}-price`);
    expect(keyOf('/v1/subscriptions')).toBe(`${base}-subscription`);
    const create = fake.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/subscriptions')!;
    expect(create.body.expand).toEqual({ 0: 'latest_invoice.confirmation_secret' });

    expect(plan).toMatchObject({ status: 'active', subscription_id: subscription.id, payment_method_id: '', gift_cents: 2000, cover_fees: 1 });
    const gifts = await giftsOf(plan.id);
    expect(gifts).toEqual([expect.objectContaining({ plan_attempt: 0, invoice_id: null, amount_cents: 2060, status: 'paid', intent_id: intentId })]);

    // Stripe also reports the first invoice paid: it is the same gift, never recorded twice.
    await invoicePaid(fake.invoices.get(subscription.latest_invoice)!);
    expect(await giftsOf(plan.id)).toHaveLength(1);
    const receipts = (await mailTo(form.email)).filter((m) => m.purpose === 'donation_paid');
    expect(receipts).toHaveLength(1);
    expect(linkIn(receipts[0]!.text_body).plan).toBe(String(plan.id));
  });

  it('three renewals are three more gifts with receipts; an invoice delivered again, or twice at once, is recorded once', async () => {
    const { form, plan, subscription } = await startMonthly({ amount: '25' });
    const renewals: FakeInvoice[] = [];
    for (let i = 0; i < 3; i++) {
      const invoice = fake.renew(subscription.id);
      renewals.push(invoice);
      await invoicePaid(invoice);
    }
    // The webhook carries no `payments`: the site asked Stripe which intent paid each invoice.
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/invoices/') && r.body.expand !== undefined)).not.toHaveLength(0);

    let gifts = await giftsOf(plan.id);
    expect(gifts.map((g) => [g.plan_attempt, g.status, g.amount_cents])).toEqual([
      [0, 'paid', 2500],
      [1, 'paid', 2500],
      [1, 'paid', 2500],
      [1, 'paid', 2500],
    ]);
    expect(gifts.slice(1).map((g) => g.invoice_id)).toEqual(renewals.map((r) => r.id));
    // Each month's payment holds the intent that paid it, so staff can refund it like any gift.
    expect(gifts.slice(1).map((g) => g.intent_id)).toEqual(renewals.map((r) => r.intentId));
    expect(new Set(gifts.map((g) => g.plan_month)).size).toBe(4);
    const moved = await planRow(plan.id);
    expect(moved.next_charge_on > plan.next_charge_on).toBe(true);
    expect(moved.next_charge_on.slice(0, 7)).not.toBe(gifts[3]!.plan_month);
    const receipts = (await mailTo(form.email)).filter((m) => m.purpose === 'donation_paid');
    expect(receipts).toHaveLength(4);
    for (const receipt of receipts) expect(linkIn(receipt.text_body).plan).toBe(String(plan.id));

    // The same invoice in a second event (Stripe may send one invoice's event more than once):
    // nothing is written and Stripe is not even asked.
    const calls = fake.requests.length;
    const payments = (await server.db.selectFrom('payments').select('id').execute()).length;
    await invoicePaid(renewals[2]!, `evt_again_${renewals[2]!.id}`);
    expect(await giftsOf(plan.id)).toHaveLength(4);
    expect(fake.requests.length).toBe(calls);
    expect(await server.db.selectFrom('payments').select('id').execute()).toHaveLength(payments);

    // Two deliveries of one new invoice at the same moment, under different event ids.
    const next = fake.renew(subscription.id);
    const both = await Promise.all([fake.fire(server.url, fake.event('invoice.paid', fake.objectOf(next))), fake.fire(server.url, fake.event('invoice.paid', fake.objectOf(next)))]);
    expect(both.map((a) => a.status)).toEqual([200, 200]);
    gifts = await giftsOf(plan.id);
    expect(gifts.filter((g) => g.invoice_id === next.id)).toHaveLength(1);
    expect((await mailTo(form.email)).filter((m) => m.purpose === 'donation_paid')).toHaveLength(5);
  });

  it('the database itself refuses a second gift for one invoice', async () => {
    const { plan, subscription } = await startMonthly();
    const invoice = fake.renew(subscription.id);
    await invoicePaid(invoice);
    expect(await giftsOf(plan.id)).toHaveLength(2);
    const gift = await server.db.selectFrom('donations').selectAll().where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow();
    // Another payment and another month: only the invoice is the same.
    const { id: _paymentId, ...payment } = await server.db.selectFrom('payments').selectAll().where('id', '=', gift.payment_id).executeTakeFirstOrThrow();
    const another = async () => (await server.db.insertInto('payments').values({ ...payment, gateway_key: randomUUID(), intent_id: null }).returning('id').executeTakeFirstOrThrow()).id;
    const { id: _id, ...copy } = gift;
    await expect(server.db.insertInto('donations').values({ ...copy, payment_id: await another(), plan_month: '1999-01' }).execute()).rejects.toThrow();
    // The same row with another invoice is accepted: the refusal was the invoice's.
    await server.db.insertInto('donations').values({ ...copy, payment_id: await another(), plan_month: '1999-01', invoice_id: `${invoice.id}_other` }).execute();
  });

  it('a declined month emails the donor once per attempt with Stripe’s next try; the plan stays on; a paid retry is recorded', async () => {
    const { form, plan, subscription } = await startMonthly({ amount: '12' });
    const invoice = fake.renew(subscription.id, { declined: true });
    await fire('invoice.payment_failed', fake.objectOf(invoice));
    await fire('invoice.payment_failed', fake.objectOf(invoice)); // the same attempt reported again
    let declined = (await mailTo(form.email)).filter((m) => m.purpose === 'monthly_gift_declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text_body).toContain('the card was declined: Your card was declined.');
    expect(declined[0]!.text_body).toContain('we will try once more on');
    expect(linkIn(declined[0]!.text_body).plan).toBe(String(plan.id));

    fake.retry(invoice.id, { declined: true });
    await fire('invoice.payment_failed', fake.objectOf(invoice));
    declined = (await mailTo(form.email)).filter((m) => m.purpose === 'monthly_gift_declined');
    expect(declined).toHaveLength(2);
    expect(await planRow(plan.id)).toMatchObject({ status: 'active', next_charge_on: plan.next_charge_on });
    expect(await giftsOf(plan.id)).toHaveLength(1);

    fake.retry(invoice.id, { declined: false });
    await invoicePaid(invoice);
    expect((await giftsOf(plan.id)).map((g) => [g.invoice_id, g.status])).toEqual([
      [null, 'paid'],
      [invoice.id, 'paid'],
    ]);
  });

  it('when Stripe gives up on a month the donor is told it is skipped, and the plan moves on', async () => {
    const { form, plan, subscription } = await startMonthly({ amount: '11' });
    const invoice = fake.renew(subscription.id, { declined: true, lastTry: true });
    await fire('invoice.payment_failed', fake.objectOf(invoice));
    const declined = (await mailTo(form.email)).filter((m) => m.purpose === 'monthly_gift_declined');
    expect(declined).toHaveLength(1);
    expect(declined[0]!.text_body).toContain('We will not try again this month. Your monthly gift stays on');
    const row = await planRow(plan.id);
    expect(row.status).toBe('active');
    expect(row.next_charge_on > plan.next_charge_on).toBe(true);
  });

  it('a new amount by the signed link changes the subscription’s price at Stripe (no proration); the next invoice records it', async () => {
    const { form, plan, subscription } = await startMonthly({ amount: '15' });
    const link = linkIn((await mailTo(form.email)).find((m) => m.purpose === 'donation_paid')!.text_body);
    const stranger = new ApiClient(server.url);
    await stranger.get('/api/events/upcoming');
    const changed = await stranger.post('/api/giving/plan', { ...link, amount: '$30', coverFees: true });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ amount: '30.00', total: '30.90', coverFees: true, status: 'active' });

    const atStripe = fake.subscriptions.get(subscription.id)!;
    expect(atStripe.item.price).toMatchObject({ unit_amount: 3090, recurring: { interval: 'month' } });
    expect(atStripe.prorations).toEqual(['none']);
    const update = fake.requests.findLast((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`)!;
    expect(update.headers['idempotency-key']).toMatch(new RegExp(`^plan-change-${UUID}$`));
    expect((await mailTo(form.email)).filter((m) => m.purpose === 'monthly_gift_changed')).toHaveLength(1);

    await invoicePaid(fake.renew(subscription.id));
    expect((await giftsOf(plan.id)).map((g) => [g.amount_cents, g.gift_cents, g.fee_cents])).toEqual([
      [1500, 1500, 0],
      [3090, 3000, 90],
    ]);
  });

  it('Stripe down during a change or a stop: an error answer, and nothing changed here or there', async () => {
    const { form, plan, subscription } = await startMonthly({ amount: '18' });
    const link = linkIn((await mailTo(form.email)).find((m) => m.purpose === 'donation_paid')!.text_body);
    const priceBefore = fake.subscriptions.get(subscription.id)!.item.price.id;

    fake.failNext(3); // the SDK tries three times
    const change = await client.post('/api/giving/plan', { ...link, amount: '40' });
    expect(change.status).toBe(503);
    fake.failNext(3);
    const stop = await client.post('/api/giving/plan/stop', link);
    expect(stop.status).toBe(503);
    fake.failNext(0);

    expect(await planRow(plan.id)).toMatchObject({ status: 'active', gift_cents: 1800 });
    expect(fake.subscriptions.get(subscription.id)).toMatchObject({ status: 'active', item: { price: { id: priceBefore, unit_amount: 1800 } } });
    expect((await mailTo(form.email)).map((m) => m.purpose)).toEqual(['donation_paid']);

    // Once Stripe answers again the same change goes through.
    expect((await client.post('/api/giving/plan', { ...link, amount: '40' })).status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.item.price.unit_amount).toBe(4000);
  });

  it('stopping from the dashboard cancels the subscription at Stripe and stops the plan; Stripe’s webhook after it sends no second email', async () => {
    const { owner, authorization, form, subscription, plan } = await startMonthlySignedIn('stripemonthly', '22');

    const stopped = await owner.request('POST', `/api/giving/my-plans/${plan.id}/stop`, { headers: authorization });
    expect(stopped.status, JSON.stringify(stopped.json)).toBe(200);
    expect(stopped.json).toMatchObject({ status: 'stopped', nextChargeOn: null });
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('canceled');
    await fire('customer.subscription.deleted', fake.subscriptionObject(fake.subscriptions.get(subscription.id)!));
    // Stopping again answers the stopped plan and asks Stripe nothing.
    const calls = fake.requests.length;
    expect((await owner.request('POST', `/api/giving/my-plans/${plan.id}/stop`, { headers: authorization })).json).toMatchObject({ status: 'stopped' });
    expect(fake.requests.length).toBe(calls);
    expect((await mailTo(form.email)).filter((m) => m.purpose === 'monthly_gift_stopped')).toHaveLength(1);
  });

  it('deleting the account cancels its subscriptions at Stripe first; with Stripe down the account stays', async () => {
    const { owner, account, authorization, form, subscription, plan } = await startMonthlySignedIn('stripeleaver', '15');

    fake.failNext(3); // the SDK tries three times
    const refused = await owner.request('POST', '/api/user/delete', { body: { password: account.password }, headers: authorization });
    expect(refused.status).toBeGreaterThanOrEqual(502);
    expect(await planRow(plan.id)).toMatchObject({ status: 'active', email: form.email });
    fake.failNext(0);

    const deleted = await owner.request('POST', '/api/user/delete', { body: { password: account.password }, headers: authorization });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect(await planRow(plan.id)).toMatchObject({ status: 'stopped', user_id: null });
  });

  it('a first month never paid is given up by cancelling its subscription (an invoice’s intent cannot be cancelled alone); one paid meanwhile is kept', async () => {
    const open = async (email: string) => {
      const created = await client.request('POST', '/api/stripe/donation_intent', { body: { amount: '12', email, monthly: true } });
      expect(created.status).toBe(201);
      const intentId = intentIdOf(created.json.clientSecret as string);
      return { intentId, subscription: fake.subscriptionOfIntent(intentId)!, payment: (await findPaymentByIntent(server.db, intentId))! };
    };
    const abandoned = await open(unique('abandoned'));
    const given = await server.services.payments.giveUp(abandoned.payment, 'abandoned');
    expect(given.status).toBe('expired');
    expect(fake.subscriptions.get(abandoned.subscription.id)!.status).toBe('canceled');
    expect(fake.intents.get(abandoned.intentId)!.status).toBe('canceled');

    const paidLate = await open(unique('paidlate'));
    fake.succeed(paidLate.intentId);
    const kept = await server.services.payments.giveUp(paidLate.payment, 'abandoned');
    expect(kept.status).toBe('paid');
    expect(fake.subscriptions.get(paidLate.subscription.id)!.status).toBe('active');
    expect(await server.db.selectFrom('giving_plans').select('status').where('subscription_id', '=', paidLate.subscription.id).executeTakeFirstOrThrow()).toEqual({ status: 'active' });
  });

  it('a subscription cancelled in the Stripe Dashboard stops the plan, emailed once', async () => {
    const { form, plan, subscription } = await startMonthly({ amount: '9' });
    fake.subscriptions.get(subscription.id)!.status = 'canceled';
    const object = fake.subscriptionObject(fake.subscriptions.get(subscription.id)!);
    await fire('customer.subscription.deleted', object);
    await fire('customer.subscription.deleted', object);
    expect(await planRow(plan.id)).toMatchObject({ status: 'stopped' });
    const stops = (await mailTo(form.email)).filter((m) => m.purpose === 'monthly_gift_stopped');
    expect(stops).toHaveLength(1);
    expect(stops[0]!.text_body).toContain('Nothing more will be charged.');
  });

  it('the site’s own schedule never charges a Stripe plan, however overdue it looks', async () => {
    const { plan } = await startMonthly({ amount: '14' });
    await server.db.updateTable('giving_plans').set({ next_charge_on: '2000-01-31' }).where('id', '=', plan.id).execute();
    const intents = fake.intents.size;
    const payments = await server.db.selectFrom('payments').select('id').execute();
    expect(await server.services.givingPlans.chargeDue()).toEqual({ charged: 0, declined: 0, skipped: 0 });
    expect(fake.intents.size).toBe(intents);
    expect(await server.db.selectFrom('payments').select('id').execute()).toHaveLength(payments.length);
    expect(await planRow(plan.id)).toMatchObject({ next_charge_on: '2000-01-31', lease_until: null });
    // Both of the schedule's doors are shut to it: the listing of due plans and the claim of one.
    const now = new Date().toISOString();
    expect(await listDuePlanIds(server.db, '2099-12-31', now, 10_000)).not.toContain(plan.id);
    expect(await claimDuePlan(server.db, plan.id, '2099-12-31', now, new Date(Date.now() + 60_000).toISOString())).toBeUndefined();
  });
});
