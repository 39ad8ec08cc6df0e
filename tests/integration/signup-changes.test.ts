import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../server/db/repositories/events';
import { findSignup, markSignupCancelled, replaceSignupDetails } from '../../server/db/repositories/signups';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { readOutbox, waitForMail, type OutboxMail } from '../helpers/outbox';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Supporters change and cancel their own sign-ups (ADR 024): the refund the event's
 * policy gives, through the payment core, places back, an updated calendar file, nothing for
 * anyone else's sign-up. Events are the test's own, dated relative to today.
 */

let server: TestServer;
let nextEventNumber = 7100;
const createEvent = (overrides: Partial<EventInput>) => createTestEvent(server.db, { eventNumber: nextEventNumber++, ...overrides });

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
});
afterAll(() => server?.close());

let unique = 0;
const tag = () => `${Date.now().toString(36)}${(unique++).toString(36)}`;

async function supporter(label = 'supporter') {
  const client = server.client();
  const user = await signedInUser(client, label);
  const auth = { headers: user.authorization };
  return {
    client,
    user,
    get: (path: string) => client.request('GET', path, auth),
    post: (path: string, body?: unknown) => client.post(path, body ?? {}, auth),
    put: (path: string, body: unknown) => client.put(path, body, auth),
  };
}
type Supporter = Awaited<ReturnType<typeof supporter>>;

const golfTeam = (eventNumber: number, receiptEmail: string, names = ['Ann', 'Bob', 'Cy', 'Di']) => ({
  eventNumber,
  amount: '400.00',
  receiptEmail,
  ...Object.fromEntries(names.flatMap((name, i) => [[`player${i + 1}Name`, name], [`player${i + 1}Email`, i === 0 ? receiptEmail : ''], [`player${i + 1}ShirtSize`, 'L']])),
});

const gamingTeam = (eventNumber: number, receiptEmail: string, teamName: string) => ({
  eventNumber,
  amount: '50.00',
  receiptEmail,
  teamName,
  teamContactNumber: '(740) 555-0142',
  teamAgrees: true,
  ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Gamer ${n}`], [`player${n}Email`, n === 1 ? receiptEmail : ''], [`player${n}ActivisionId`, `gamer#${n}00`], [`player${n}Location`, 'Testburg, PA']])),
});

const party = (eventNumber: number, receiptEmail: string, people: { name: string; child?: boolean }[]) => ({
  eventNumber,
  amount: (people.reduce((sum, p) => sum + (p.child ? 1500 : 2500), 0) / 100).toFixed(2),
  receiptEmail,
  attendees: people.map((p) => ({ name: p.name, allergies: '', child: p.child ?? false })),
});

/** Signs up and pays as the browser does; answers the new sign-up's id from the dashboard. */
async function signUpAndPay(me: Supporter, kind: 'golf' | 'gaming' | 'steakfry', body: Record<string, unknown>): Promise<number> {
  const intent = await me.post(`/api/stripe/${kind}_signup_intent`, body);
  expect(intent.status, JSON.stringify(intent.json)).toBe(201);
  const secret = intent.json.clientSecret as string;
  expect((await payWithCard(me.client, secret)).status).toBe(200);
  expect((await me.post(`/api/stripe/save_${kind}_signup`, { token: secret, amount: body.amount })).status).toBe(200);
  const dashboard = await me.get('/api/user/dashboard');
  const entry = (dashboard.json.events_and_teams as { e: { eventNumber: number }; t: { id: number } }[]).find((x) => x.e.eventNumber === body.eventNumber);
  return entry!.t.id;
}

const mailsTo = async (to: string) => (await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === to);
const calendarOf = (mail: OutboxMail) => mail.attachments.find((a) => a.filename.endsWith('.ics'))!.content.toString('utf8');
const uidOf = (ics: string) => /UID:(.+)/.exec(ics)![1]!.trim();
const paymentOfSignup = (signupId: number) =>
  server.db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select(['payments.id', 'payments.status', 'payments.amount_cents', 'payments.refunded_cents', 'signups.places', 'signups.cancelled_at'])
    .where('signups.id', '=', signupId)
    .executeTakeFirstOrThrow();
const refundsOf = (paymentId: number) => server.db.selectFrom('refunds').selectAll().where('payment_id', '=', paymentId).execute();

describe('cancelling a sign-up', () => {
  it('inside the refund window: full refund through the payment core, the place back, a cancelled calendar entry, once', async () => {
    const event = await createEvent({ eventType: 'Golf Event', eventDate: dayFromNow(40), capacity: 1, signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `golf.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'golf', golfTeam(event, email));
    const confirmation = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith("You're signed up"));

    // The event is full: someone else is turned away until the team cancels.
    const other = await supporter('other');
    expect((await other.post('/api/stripe/golf_signup_intent', golfTeam(event, `o.${tag()}@example.org`))).status).toBe(409);

    const before = await me.get(`/api/user/signups/${id}`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ id, kind: 'golf', status: 'paid', cancelled: false, amount: '400.00', refunded: '0.00' });
    expect(before.json.terms).toMatchObject({ mayChange: true, mayCancel: true, refundIfCancelledCents: 40000 });
    expect((before.json.terms as { policy: string }).policy).toMatch(/^Refund policy: cancel by .+ for a full refund; no refund after that\.$/);
    expect(before.json.values).toMatchObject({ receiptEmail: email, player1Name: 'Ann', player4Name: 'Di', player2ShirtSize: 'L' });

    const [first, second] = await Promise.all([me.post(`/api/user/signups/${id}/cancel`), me.post(`/api/user/signups/${id}/cancel`)]);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect([200, 409]).toContain(second.status);
    expect(first.json).toMatchObject({ cancelled: true, status: 'refunded', refunded: '400.00' });
    const again = await me.post(`/api/user/signups/${id}/cancel`);
    expect(again.json).toMatchObject({ cancelled: true, status: 'refunded' });

    const row = await paymentOfSignup(id);
    expect(row).toMatchObject({ status: 'refunded', refunded_cents: 40000 });
    expect(row.cancelled_at).not.toBeNull();
    const refunds = await refundsOf(row.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_cents: 40000, reason: 'requested_by_customer', status: 'succeeded' });

    const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith('Your sign-up is cancelled'));
    expect(notice.text).toContain('We are refunding $400.00.');
    const ics = calendarOf(notice);
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
    expect(uidOf(ics)).toBe(uidOf(calendarOf(confirmation)));
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith('Your sign-up is cancelled'))).toHaveLength(1);

    // The place is free again, and the dashboard and the back office say what happened.
    expect((await other.post('/api/stripe/golf_signup_intent', golfTeam(event, `o.${tag()}@example.org`))).status).toBe(201);
    const dashboard = await me.get('/api/user/dashboard');
    expect(dashboard.json.events_and_teams).toEqual([expect.objectContaining({ t: expect.objectContaining({ id, cancelled: true, status: 'refunded', note: 'Refunded: at your request' }) })]);
    const registrations = await server.services.backOffice.reports.registrations(event);
    expect(registrations!.paid).toHaveLength(0);
    expect(registrations!.refunded.map((r) => r.signupId)).toEqual([id]);
    expect(registrations!.refunded[0]!.cancelledAt).not.toBeNull();
  });

  it('after the refund deadline, or for an event without online refunds: cancelled, places back, nothing refunded, and the email says so', async () => {
    for (const refundDaysBefore of [30, null]) {
      const event = await createEvent({ eventType: 'Golf Event', eventDate: dayFromNow(20), capacity: 1, signup: { refundDaysBefore } });
      const me = await supporter();
      const email = `late.${tag()}@example.org`;
      const id = await signUpAndPay(me, 'golf', golfTeam(event, email));
      expect((await me.get(`/api/user/signups/${id}`)).json.terms).toMatchObject({ mayCancel: true, refundIfCancelledCents: 0 });
      const cancelled = await me.post(`/api/user/signups/${id}/cancel`);
      expect(cancelled.json).toMatchObject({ cancelled: true, status: 'paid', refunded: '0.00' });
      const row = await paymentOfSignup(id);
      expect(row).toMatchObject({ status: 'paid', refunded_cents: 0 });
      expect(await refundsOf(row.id)).toHaveLength(0);
      const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith('Your sign-up is cancelled'));
      expect(notice.text).toContain('Nothing is refunded for this cancellation.');
      const other = await supporter('other');
      expect((await other.post('/api/stripe/golf_signup_intent', golfTeam(event, `o.${tag()}@example.org`))).status).toBe(201);
      // Cancelled is final: no changes afterwards.
      expect((await me.put(`/api/user/signups/${id}`, golfTeam(event, email, ['Z', 'Y', 'X', 'W']))).status).toBe(409);
    }
  });

  it('is refused once the event has taken place', async () => {
    const event = await createEvent({ eventType: 'Golf Event', eventDate: dayFromNow(10), signup: { refundDaysBefore: 3 } });
    const me = await supporter();
    const id = await signUpAndPay(me, 'golf', golfTeam(event, `past.${tag()}@example.org`));
    await server.db.updateTable('events').set({ event_date: dayFromNow(-1) }).where('event_number', '=', event).execute();
    const res = await me.post(`/api/user/signups/${id}/cancel`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ signup: 'This event has taken place; the sign-up can no longer be cancelled.' });
    expect(await paymentOfSignup(id)).toMatchObject({ status: 'paid', cancelled_at: null });
  });

  it("is nobody else's business: another account, no account, or a made-up id gets nothing and changes nothing", async () => {
    const event = await createEvent({ eventType: 'Golf Event', signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `mine.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'golf', golfTeam(event, email));
    const stranger = await supporter('stranger');
    for (const res of [
      await stranger.get(`/api/user/signups/${id}`),
      await stranger.post(`/api/user/signups/${id}/cancel`),
      await stranger.put(`/api/user/signups/${id}`, golfTeam(event, email, ['Eve', 'Eve', 'Eve', 'Eve'])),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ signup: `Sign-up ${id} isn't one of yours.` });
    }
    for (const bad of ['abc', '-1', '0', '99999999999', '1e3']) expect((await me.get(`/api/user/signups/${bad}`)).status).toBe(404);
    const anonymous = server.client();
    await anonymous.get('/api/events/upcoming');
    expect((await anonymous.post(`/api/user/signups/${id}/cancel`, {})).status).toBe(401);
    expect(await paymentOfSignup(id)).toMatchObject({ status: 'paid', cancelled_at: null });
    expect((await me.get(`/api/user/signups/${id}`)).json.values).toMatchObject({ player1Name: 'Ann' });
  });
});

describe('two tabs at once', () => {
  it('a change or cancel read before another tab’s change is refused when written, and nothing is written twice', async () => {
    const event = await createEvent({ eventType: 'Golf Event', signup: { refundDaysBefore: null } });
    const me = await supporter();
    const email = `tabs.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'golf', golfTeam(event, email));
    const stale = (await findSignup(server.db, id))!.calendarSequence;
    expect((await me.put(`/api/user/signups/${id}`, golfTeam(event, email, ['Ann', 'Bob', 'Cy', 'Dee']))).status).toBe(200);
    const now = new Date().toISOString();
    // Written with what the other tab read: refused, nothing changed.
    expect(await markSignupCancelled(server.db, id, stale, now)).toBe(false);
    expect(await replaceSignupDetails(server.db, id, stale, { stored: { teamName: null, teamContactNumber: null, teamAgrees: false, peopleTable: 'players', people: [] }, places: 1, receiptEmail: email, now })).toBe(false);
    expect(await findSignup(server.db, id)).toMatchObject({ cancelledAt: null, calendarSequence: stale + 1 });
    expect((await me.get(`/api/user/signups/${id}`)).json.values).toMatchObject({ player4Name: 'Dee' });
    // Cancelled once: a second cancel with the fresh sequence changes nothing either.
    expect(await markSignupCancelled(server.db, id, stale + 1, now)).toBe(true);
    expect(await markSignupCancelled(server.db, id, stale + 2, now)).toBe(false);
    expect(await findSignup(server.db, id)).toMatchObject({ calendarSequence: stale + 2 });
    const [a, b] = await Promise.all([me.post(`/api/user/signups/${id}/cancel`), me.post(`/api/user/signups/${id}/cancel`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await findSignup(server.db, id)).toMatchObject({ calendarSequence: stale + 2 });
  });
});

describe('changing a sign-up', () => {
  it('golf: names, emails and shirt sizes change until the deadline, with an updated calendar entry; bad input changes nothing', async () => {
    const event = await createEvent({ eventType: 'Golf Event', signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `edit.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'golf', golfTeam(event, email));
    const confirmation = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith("You're signed up"));

    for (const [patch, field] of [
      [{ player1Name: '' }, 'player1Name'],
      [{ player3Name: 'x'.repeat(101) }, 'player3Name'],
      [{ player2ShirtSize: 'XS' }, 'player2ShirtSize'],
      [{ player1Email: 'not-an-email' }, 'player1Email'],
      [{ player4Name: 42 }, 'player4Name'],
    ] as const) {
      const res = await me.put(`/api/user/signups/${id}`, { ...golfTeam(event, email), ...patch });
      expect(res.status, JSON.stringify(res.json)).toBe(400);
      expect(Object.keys(res.json)).toContain(field);
    }
    expect((await me.get(`/api/user/signups/${id}`)).json.values).toMatchObject({ player1Name: 'Ann', player3Name: 'Cy' });

    const changed = await me.put(`/api/user/signups/${id}`, { ...golfTeam(event, email, ['Ann', '<script>alert(1)</script>', 'Cy', 'Dee']), player4ShirtSize: 'XXL', amount: '1.00' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json).toMatchObject({ status: 'paid', amount: '400.00', refunded: '0.00' });
    expect(changed.json.values).toMatchObject({ player2Name: '<script>alert(1)</script>', player4Name: 'Dee', player4ShirtSize: 'XXL' });
    const update = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith('Your sign-up is updated'));
    expect(update.text).toContain('Dee (shirt XXL)');
    const ics = calendarOf(update);
    expect(ics).toContain('METHOD:PUBLISH');
    expect(ics).toContain('SEQUENCE:1');
    expect(uidOf(ics)).toBe(uidOf(calendarOf(confirmation)));
    expect(await refundsOf((await paymentOfSignup(id)).id)).toHaveLength(0);

    // After the sign-up's last day, changes are closed.
    await server.db.updateTable('events').set({ signup_closes_on: dayFromNow(-1) }).where('event_number', '=', event).execute();
    expect((await me.get(`/api/user/signups/${id}`)).json.terms).toMatchObject({ mayChange: false, mayCancel: true });
    const late = await me.put(`/api/user/signups/${id}`, golfTeam(event, email, ['Late', 'Late', 'Late', 'Late']));
    expect(late.status).toBe(409);
    expect(Object.keys(late.json)).toEqual(['signup']);
    expect((await me.get(`/api/user/signups/${id}`)).json.values).toMatchObject({ player4Name: 'Dee' });
  });

  it('gaming: the team name stays unique in the event', async () => {
    const event = await createEvent({ eventType: 'Gaming Event', signup: { refundDaysBefore: 14 } });
    const taken = `Taken ${tag()}`;
    const first = await supporter();
    await signUpAndPay(first, 'gaming', gamingTeam(event, `g1.${tag()}@example.org`, taken));
    const me = await supporter();
    const email = `g2.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'gaming', gamingTeam(event, email, `Mine ${tag()}`));
    const clash = await me.put(`/api/user/signups/${id}`, gamingTeam(event, email, taken.toUpperCase()));
    expect(clash.status).toBe(400);
    expect(Object.keys(clash.json)).toEqual(['teamName']);
    const renamed = await me.put(`/api/user/signups/${id}`, { ...gamingTeam(event, email, `Renamed ${tag()}`), player3ActivisionId: 'new#333', teamContactNumber: '(304) 555-0199' });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.values).toMatchObject({ player3ActivisionId: 'new#333', teamContactNumber: '(304) 555-0199', teamAgrees: true });
  });

  it('steak fry: removing people refunds their share inside the window, nothing after; places follow; a wrong amount is refused', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', capacity: 4, signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `fry.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'steakfry', party(event, email, [{ name: 'Mom' }, { name: 'Dad' }, { name: 'Kid', child: true }]));
    const smaller = { ...party(event, email, [{ name: 'Mom' }, { name: 'Kid', child: true }]) };

    // What the browser must send is what stays paid after the refund: 65.00 − 25.00.
    const wrong = await me.put(`/api/user/signups/${id}`, { ...smaller, amount: '65.00' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ amount: 'The amount for this party is now $40.00. Please check it and save again.' });
    const more = await me.put(`/api/user/signups/${id}`, { ...party(event, email, [{ name: 'Mom' }, { name: 'Dad' }, { name: 'Kid', child: true }, { name: 'Gran' }]), amount: '90.00' });
    expect(more.status).toBe(409);
    expect(Object.keys(more.json)).toEqual(['attendees']);
    expect(await paymentOfSignup(id)).toMatchObject({ places: 3, refunded_cents: 0 });

    const done = await me.put(`/api/user/signups/${id}`, { ...smaller, amount: '40.00' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json).toMatchObject({ status: 'partially_refunded', amount: '65.00', refunded: '25.00' });
    const row = await paymentOfSignup(id);
    expect(row).toMatchObject({ places: 2, refunded_cents: 2500, status: 'partially_refunded' });
    expect((await refundsOf(row.id)).map((r) => [r.amount_cents, r.status])).toEqual([[2500, 'succeeded']]);
    const update = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith('Your sign-up is updated'));
    expect(update.text).toContain('We are refunding $25.00.');
    expect(update.text).not.toContain('Dad');

    // Two places are free again: a party of two fits, a third person does not.
    const other = await supporter('other');
    expect((await other.post('/api/stripe/steakfry_signup_intent', party(event, `o.${tag()}@example.org`, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]))).status).toBe(409);
    expect((await other.post('/api/stripe/steakfry_signup_intent', party(event, `o.${tag()}@example.org`, [{ name: 'A' }, { name: 'B' }]))).status).toBe(201);

    // Outside the refund window a removal frees the place and refunds nothing; cancelling then refunds nothing either.
    await server.db.updateTable('events').set({ refund_days_before: 365 }).where('event_number', '=', event).execute();
    const late = await me.put(`/api/user/signups/${id}`, { ...party(event, email, [{ name: 'Mom' }]), amount: '40.00' });
    expect(late.status, JSON.stringify(late.json)).toBe(200);
    expect(late.json).toMatchObject({ refunded: '25.00' });
    expect(await paymentOfSignup(id)).toMatchObject({ places: 1, refunded_cents: 2500 });
    expect((await me.post(`/api/user/signups/${id}/cancel`)).json).toMatchObject({ cancelled: true, refunded: '25.00', status: 'partially_refunded' });
  });

  it('a price changed since paying does not change the share a removed person gets back', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `price.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'steakfry', party(event, email, [{ name: 'One' }, { name: 'Two' }]));
    await server.db.updateTable('events').set({ price_cents: 4000 }).where('event_number', '=', event).execute();
    const res = await me.put(`/api/user/signups/${id}`, { ...party(event, email, [{ name: 'One' }]), amount: '25.00' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ amount: '50.00', refunded: '25.00' });
  });
});

describe('adding people to a paid steak-fry party', () => {
  /** Opens the payment for people joining party `partyOf`, as the "Add people" dialog does. */
  const addIntent = (me: Supporter, event: number, email: string, partyOf: number, people: { name: string; child?: boolean }[]) =>
    me.post('/api/stripe/steakfry_signup_intent', { ...party(event, email, people), partyOf });
  const paymentsOfParty = (partyId: number) =>
    server.db
      .selectFrom('signups')
      .innerJoin('payments', 'payments.id', 'signups.payment_id')
      .select(['signups.id as signupId', 'payments.id', 'payments.status', 'payments.status_reason', 'payments.amount_cents', 'payments.refunded_cents', 'signups.places', 'signups.merged_at', 'signups.cancelled_at'])
      .where((eb) => eb.or([eb('signups.id', '=', partyId), eb('signups.party_of', '=', partyId)]))
      .orderBy('signups.id')
      .execute();

  it('charges only the people added, folds them into the same party and calendar entry, and refunds across both payments', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', capacity: 5, signup: { refundDaysBefore: 14, fairValueCents: 1500, childFairValueCents: 800 } });
    const me = await supporter();
    const email = `grow.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'steakfry', party(event, email, [{ name: 'Mom' }, { name: 'Dad' }]));
    const confirmation = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith("You're signed up"));

    // The amount is the added people's price, not the party's.
    const wrong = await me.post('/api/stripe/steakfry_signup_intent', { ...party(event, email, [{ name: 'Gran' }, { name: 'Kid', child: true }]), amount: '90.00', partyOf: id });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.json)).toEqual(['amount']);

    const intent = await addIntent(me, event, email, id, [{ name: 'Gran' }, { name: 'Kid', child: true }]);
    expect(intent.status, JSON.stringify(intent.json)).toBe(201);
    // While it is being paid for, the two places are held: a party of two no longer fits.
    const other = await supporter('other');
    expect((await other.post('/api/stripe/steakfry_signup_intent', party(event, `o.${tag()}@example.org`, [{ name: 'A' }, { name: 'B' }]))).status).toBe(409);
    const secret = intent.json.clientSecret as string;
    expect((await payWithCard(me.client, secret)).status).toBe(200);
    const savedAdd = await me.post('/api/stripe/save_steakfry_signup', { token: secret, amount: '40.00' });
    expect(savedAdd.status, JSON.stringify(savedAdd.json)).toBe(200);

    const view = await me.get(`/api/user/signups/${id}`);
    expect(view.json).toMatchObject({ id, status: 'paid', amount: '90.00', refunded: '0.00' });
    expect((view.json.values as unknown as { attendees: { name: string }[] }).attendees.map((a) => a.name)).toEqual(['Mom', 'Dad', 'Gran', 'Kid']);
    expect(view.json.terms).toMatchObject({ refundIfCancelledCents: 9000 });
    const rows = await paymentsOfParty(id);
    expect(rows.map((r) => [r.places, r.status, r.merged_at === null])).toEqual([
      [4, 'paid', true],
      [2, 'paid', false],
    ]);
    // The addition's own id shows the party it joined.
    expect((await me.get(`/api/user/signups/${rows[1]!.signupId}`)).json).toMatchObject({ id });
    const dashboard = await me.get('/api/user/dashboard');
    const entries = (dashboard.json.events_and_teams as { e: { eventNumber: number }; t: { id: number; amount: string } }[]).filter((x) => x.e.eventNumber === event);
    expect(entries.map((x) => [x.t.id, x.t.amount])).toEqual([[id, '90.00']]);
    const registrations = await server.services.backOffice.reports.registrations(event);
    expect(registrations!.paid.map((r) => [r.signupId, r.amountCents, r.people.map((p) => p.name)])).toEqual([[id, 9000, ['Mom', 'Dad', 'Gran', 'Kid']]]);
    // Each payment's receipt states the value of the dinners it paid for: two adults, then an adult and a child.
    const receipt = async (paymentId: number) => (await me.get(`/api/user/receipts/${paymentId}`)).json;
    expect(await receipt(rows[0]!.id)).toMatchObject({ amountCents: 5000, fairValueCents: 3000 });
    expect(await receipt(rows[1]!.id)).toMatchObject({ amountCents: 4000, fairValueCents: 2300 });

    // One mail for the addition: the party's update with the charge, on the same calendar entry; no second confirmation.
    const update = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith('Your sign-up is updated'));
    expect(update.text).toContain('We have charged $40.00 to your card for the people you added.');
    expect(update.text).toMatch(/Gran[\s\S]*Kid/);
    expect(update.text).toContain(`/receipts/${rows[1]!.id}/`);
    expect(uidOf(calendarOf(update))).toBe(uidOf(calendarOf(confirmation)));
    expect(calendarOf(update)).toContain('SEQUENCE:1');
    expect((await mailsTo(email)).filter((m) => m.subject.startsWith("You're signed up"))).toHaveLength(1);

    // Removing one adult refunds their share from the newest payment; cancelling then refunds what is left of both.
    const smaller = await me.put(`/api/user/signups/${id}`, { ...party(event, email, [{ name: 'Mom' }, { name: 'Dad' }, { name: 'Kid', child: true }]), amount: '65.00' });
    expect(smaller.status, JSON.stringify(smaller.json)).toBe(200);
    expect(smaller.json).toMatchObject({ status: 'partially_refunded', amount: '90.00', refunded: '25.00' });
    expect((await paymentsOfParty(id)).map((r) => r.refunded_cents)).toEqual([0, 2500]);
    const cancelled = await me.post(`/api/user/signups/${id}/cancel`);
    expect(cancelled.json).toMatchObject({ cancelled: true, status: 'refunded', refunded: '90.00' });
    const after = await paymentsOfParty(id);
    expect(after.map((r) => [r.status, r.refunded_cents, r.cancelled_at !== null])).toEqual([
      ['refunded', 5000, true],
      ['refunded', 4000, true],
    ]);
    for (const row of after) expect((await refundsOf(row.id)).every((r) => r.status === 'succeeded')).toBe(true);
    const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.subject.startsWith('Your sign-up is cancelled'));
    expect(notice.text).toContain('We are refunding $65.00.');
    // Every place is free again.
    expect((await other.post('/api/stripe/steakfry_signup_intent', party(event, `o.${tag()}@example.org`, [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }, { name: 'E' }]))).status).toBe(201);
  });

  it("only joins the supporter's own open party of the same event; refused requests hold nothing", async () => {
    const event = await createEvent({ eventType: 'Benefit Event', signup: { refundDaysBefore: 14 } });
    const elsewhere = await createEvent({ eventType: 'Benefit Event', signup: { refundDaysBefore: 14 } });
    const golf = await createEvent({ eventType: 'Golf Event', signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `join.${tag()}@example.org`;
    const mine = await signUpAndPay(me, 'steakfry', party(event, email, [{ name: 'Mom' }]));
    const myTeam = await signUpAndPay(me, 'golf', golfTeam(golf, email));
    const stranger = await supporter('stranger');
    const theirs = await signUpAndPay(stranger, 'steakfry', party(event, `s.${tag()}@example.org`, [{ name: 'Sam' }]));
    const pendingBefore = await server.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();

    for (const partyOf of [theirs, myTeam, 99999999, 0, 'abc']) {
      const res = await me.post('/api/stripe/steakfry_signup_intent', { ...party(event, email, [{ name: 'Gran' }]), partyOf });
      expect(res.status, `${String(partyOf)}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(Object.keys(res.json)).toEqual(['partyOf']);
    }
    expect((await addIntent(me, elsewhere, email, mine, [{ name: 'Gran' }])).status).toBe(400);
    // The party stays within a sign-up's limit of ten, so it can still be edited afterwards.
    const tooMany = await addIntent(me, event, email, mine, Array.from({ length: 10 }, (_, i) => ({ name: `Guest ${i + 1}` })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toEqual({ attendees: 'A party can have at most 10 people; yours has 1, so you can add up to 9.' });
    await server.db.updateTable('events').set({ signup_closes_on: dayFromNow(-1) }).where('event_number', '=', event).execute();
    expect((await addIntent(me, event, email, mine, [{ name: 'Gran' }])).status).toBe(409);
    await server.db.updateTable('events').set({ signup_closes_on: null }).where('event_number', '=', event).execute();
    expect((await me.post(`/api/user/signups/${mine}/cancel`)).status).toBe(200);
    const gone = await addIntent(me, event, email, mine, [{ name: 'Gran' }]);
    expect(gone.status).toBe(409);
    expect(gone.json).toEqual({ partyOf: 'This party has been cancelled or refunded, so no one can be added to it.' });
    const pendingAfter = await server.db.selectFrom('payments').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    expect(Number(pendingAfter.n)).toBe(Number(pendingBefore.n));
    expect((await me.get(`/api/user/signups/${theirs}`)).status).toBe(404);
  });

  it('a party cancelled while its addition is being paid for: the late payment is refunded in full and nobody joins', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', signup: { refundDaysBefore: 14 } });
    const me = await supporter();
    const email = `race.${tag()}@example.org`;
    const id = await signUpAndPay(me, 'steakfry', party(event, email, [{ name: 'Mom' }]));
    const intent = await addIntent(me, event, email, id, [{ name: 'Gran' }]);
    expect(intent.status).toBe(201);
    expect((await me.post(`/api/user/signups/${id}/cancel`)).status).toBe(200);
    const secret = intent.json.clientSecret as string;
    expect((await payWithCard(me.client, secret)).status).toBe(200);
    const saved = await me.post('/api/stripe/save_steakfry_signup', { token: secret, amount: '25.00' });
    expect(saved.status).toBe(409);
    expect(saved.json.eventNumber).toMatch(/^The party was cancelled before your payment reached us, so we have refunded your \$25\.00 in full\./);
    const rows = await paymentsOfParty(id);
    expect(rows.map((r) => [r.status, r.status_reason, r.places, r.merged_at])).toEqual([
      ['refunded', 'requested_by_customer', 1, null],
      ['refunded', 'party_cancelled', 1, null],
    ]);
    expect((await loadAttendees(id)).map((a) => a.name)).toEqual(['Mom']);
    await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && m.text.includes('The party you were adding people to had been cancelled'));
  });
});

const loadAttendees = (signupId: number) => server.db.selectFrom('signup_attendees').select('name').where('signup_id', '=', signupId).orderBy('position').execute();
