import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../server/db/repositories/events';
import { placesTaken } from '../../server/db/repositories/signups';
import { insertStaff } from '../../server/db/repositories/staff';
import { eventsWithOpenEntries, insertEntry } from '../../server/db/repositories/waitlist';
import { todayInFoundationZone } from '../../common/dates';
import { browserSignedIn, payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Waiting lists (issue 35, ADR 053): joining a full event's list, offers when places free up,
 * passing on after an offer lapses, and offers that never oversell while sign-ups race them.
 * The services' clock moves (offsetMs) so holds and offers lapse without waiting.
 */

let server: TestServer;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let nextEventNumber = 7700;
const createEvent = (overrides: Partial<EventInput>) => createTestEvent(server.db, { eventNumber: nextEventNumber++, ...overrides });

beforeAll(async () => {
  server = await startTestServer({ pages: 'none', clock: now });
});
afterAll(() => server?.close());

let unique = 0;
const tag = () => `${Date.now().toString(36)}${(unique++).toString(36)}`;

async function supporter(label = 'supporter') {
  const client = server.client();
  const user = await signedInUser(client, label);
  const auth = { headers: user.authorization };
  const row = await server.db.selectFrom('users').select('id').where('email', '=', user.account.email.toLowerCase()).executeTakeFirstOrThrow();
  return {
    client,
    id: Number(row.id),
    email: user.account.email.toLowerCase(),
    post: (path: string, body?: unknown) => client.post(path, body ?? {}, auth),
    put: (path: string, body: unknown) => client.put(path, body, auth),
  };
}
type Supporter = Awaited<ReturnType<typeof supporter>>;

const golfTeam = (eventNumber: number, receiptEmail: string) => ({
  eventNumber,
  amount: '400.00',
  receiptEmail,
  ...Object.fromEntries(['Ann', 'Bob', 'Cy', 'Di'].flatMap((name, i) => [[`player${i + 1}Name`, name], [`player${i + 1}Email`, i === 0 ? receiptEmail : ''], [`player${i + 1}ShirtSize`, 'L']])),
});

const party = (eventNumber: number, receiptEmail: string, size: number) => ({
  eventNumber,
  amount: ((size * 2500) / 100).toFixed(2),
  receiptEmail,
  attendees: Array.from({ length: size }, (_, i) => ({ name: `Guest ${i + 1}`, allergies: '', child: false })),
});

/** A golf sign-up held (not paid); answers its id and client secret. */
async function hold(me: Supporter, eventNumber: number) {
  const intent = await me.post('/api/stripe/golf_signup_intent', golfTeam(eventNumber, me.email));
  expect(intent.status, JSON.stringify(intent.json)).toBe(201);
  return { secret: intent.json.clientSecret as string, signupId: (intent.json.savedIntent as { signupId: number }).signupId };
}

async function signUpAndPay(me: Supporter, eventNumber: number): Promise<number> {
  const { secret, signupId } = await hold(me, eventNumber);
  expect((await payWithCard(me.client, secret)).status).toBe(200);
  expect((await me.post('/api/stripe/save_golf_signup', { token: secret, amount: '400.00' })).status).toBe(200);
  return signupId;
}

const eventId = async (eventNumber: number) => Number((await server.db.selectFrom('events').select('id').where('event_number', '=', eventNumber).executeTakeFirstOrThrow()).id);
const entryOf = (eventNumber: number, userId: number) =>
  server.db
    .selectFrom('waitlist_entries')
    .innerJoin('events', 'events.id', 'waitlist_entries.event_id')
    .selectAll('waitlist_entries')
    .where('events.event_number', '=', eventNumber)
    .where('waitlist_entries.user_id', '=', userId)
    .executeTakeFirst();
const offerMails = (to: string) => server.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text_body']).where('purpose', '=', 'waitlist_offer').where('to_address', '=', to).execute();
const waitlists = () => server.services.waitlists;

async function refusal(run: () => Promise<unknown>): Promise<Record<string, string>> {
  try {
    await run();
  } catch (error) {
    return (error as { fields: Record<string, string> }).fields;
  }
  throw new Error('expected a refusal');
}

describe('joining a waiting list', () => {
  it('only when the event is full, once per account, with the party size checked; leaving takes them off', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const [a, b, c] = [await supporter('a'), await supporter('b'), await supporter('c')];
    expect(await refusal(() => waitlists().join(b.id, { eventNumber: event }))).toEqual({ eventNumber: 'This event still has places: please sign up instead.' });
    await signUpAndPay(a, event);

    expect(await waitlists().join(b.id, { eventNumber: event })).toMatchObject({ eventNumber: event, request: '1 team', status: 'waiting', position: 1 });
    expect(await refusal(() => waitlists().join(b.id, { eventNumber: event }))).toEqual({ eventNumber: 'You are already on the waiting list for this event.' });
    expect(await waitlists().join(c.id, { eventNumber: event })).toMatchObject({ position: 2 });
    expect(await refusal(() => waitlists().join(c.id, { eventNumber: 'x' }))).toEqual({ eventNumber: 'Choose an event.' });
    expect(await refusal(() => waitlists().join(c.id, { eventNumber: 99999 }))).toEqual({ eventNumber: "Event 99999 doesn't exist." });

    await waitlists().leave(b.id, event);
    expect(await entryOf(event, b.id)).toBeUndefined();
    expect(await waitlists().mineForEvent(c.id, event)).toMatchObject({ position: 1 });
    expect(await waitlists().mine(c.id)).toEqual([expect.objectContaining({ eventNumber: event, position: 1 })]);
    expect(await refusal(() => waitlists().leave(b.id, event))).toEqual({ eventNumber: 'You are not on the waiting list for this event.' });
  });

  it('a steak-fry party of n: within the party limits, and whenever fewer than n seats are left', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', capacity: 6 });
    const [a, b] = [await supporter('a'), await supporter('b')];
    const intent = await a.post('/api/stripe/steakfry_signup_intent', party(event, a.email, 4));
    expect(intent.status, JSON.stringify(intent.json)).toBe(201);
    for (const [partySize, message] of [
      [undefined, 'Enter how many people are in your party.'],
      ['0', 'A party has at least 1 person.'],
      ['11', 'A party can have at most 10 people.'],
      ['2.5', 'Enter a whole number of people.'],
    ] as const) {
      expect(await refusal(() => waitlists().join(b.id, { eventNumber: event, partySize }))).toEqual({ partySize: message });
    }
    expect(await refusal(() => waitlists().join(b.id, { eventNumber: event, partySize: '2' }))).toEqual({ eventNumber: 'This event still has places: please sign up instead.' });
    expect(await refusal(() => waitlists().join(b.id, { eventNumber: event, partySize: '7' }))).toEqual({ partySize: 'This event has 6 places in all.' });
    expect(await waitlists().join(b.id, { eventNumber: event, partySize: '3' })).toMatchObject({ request: '3 people', places: 3, position: 1 });
    expect(await server.db.selectFrom('waitlist_entries').selectAll().where('user_id', '=', a.id).execute()).toEqual([]);
  });
});

describe('offers', () => {
  it('after a cancellation: the first in line is emailed, the place is held for them alone, and they pay for it', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const [a, b, c, d] = [await supporter('a'), await supporter('b'), await supporter('c'), await supporter('d')];
    const signupId = await signUpAndPay(a, event);
    await waitlists().join(b.id, { eventNumber: event });
    await waitlists().join(c.id, { eventNumber: event });

    expect((await a.post(`/api/user/signups/${signupId}/cancel`)).status).toBe(200);
    const offer = await entryOf(event, b.id);
    expect(offer).toMatchObject({ status: 'offered', offered_by_staff_id: null });
    expect(Date.parse(offer!.offer_expires_at!) - Date.parse(offer!.offered_at!)).toBe(24 * 3_600_000);
    expect(await entryOf(event, c.id)).toMatchObject({ status: 'waiting' });
    const [mail] = await offerMails(b.email);
    expect(mail!.subject).toBe(`A place is yours: Test event ${event}`);
    expect(mail!.text_body).toContain(`/events/${event}?offer=1`);
    expect(await server.services.events.placesLeft(event)).toBe(0);

    // Held for them: nobody else signs up, and a second run offers nothing more.
    expect((await d.post('/api/stripe/golf_signup_intent', golfTeam(event, d.email))).json).toEqual({ eventNumber: 'This event is full.' });
    expect(await waitlists().offerFreedPlaces()).toBe(0);
    expect(await offerMails(b.email)).toHaveLength(1);

    await signUpAndPay(b, event);
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'accepted' });
    expect(await waitlists().mine(b.id)).toEqual([]);
    expect(await waitlists().offerFreedPlaces()).toBe(0);
    expect(await placesTaken(server.db, await eventId(event), now().toISOString())).toBe(1);
  });

  it('after a refund, and after a hold lapses; the offer passes on when not taken in time, for the hours staff set', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 2 });
    const [a, b, c, d] = [await supporter('a'), await supporter('b'), await supporter('c'), await supporter('d')];
    const paid = await signUpAndPay(a, event);
    await hold(b, event);
    await waitlists().join(c.id, { eventNumber: event });
    await waitlists().join(d.id, { eventNumber: event });
    await server.db.insertInto('waitlist_settings').values({ event_id: await eventId(event), offer_hours: 2, updated_at: now().toISOString() }).execute();

    // A refund frees a place.
    const paymentId = Number((await server.db.selectFrom('signups').select('payment_id').where('id', '=', paid).executeTakeFirstOrThrow()).payment_id);
    await server.services.payments.refund(paymentId, { reason: 'staff', requestKey: `test:${tag()}` });
    await waitlists().offerFreedPlaces();
    const first = await entryOf(event, c.id);
    expect(first).toMatchObject({ status: 'offered' });
    expect(Date.parse(first!.offer_expires_at!) - Date.parse(first!.offered_at!)).toBe(2 * 3_600_000);

    // B's hold lapses: D is offered that place.
    offsetMs += 16 * 60_000;
    await waitlists().offerFreedPlaces();
    expect(await entryOf(event, d.id)).toMatchObject({ status: 'offered' });

    // C lets the offer lapse; with nobody else waiting the place is simply free again.
    offsetMs += 3 * 3_600_000;
    expect(await waitlists().offerFreedPlaces()).toBe(0);
    expect(await entryOf(event, c.id)).toMatchObject({ status: 'lapsed' });
    expect(await entryOf(event, d.id)).toMatchObject({ status: 'lapsed' });
    expect(await server.services.events.placesLeft(event)).toBe(2);
  });

  it('after a party shrinks: the seats it gave up are offered at once, not at the next minute’s run', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', capacity: 3 });
    const [a, b] = [await supporter('a'), await supporter('b')];
    const intent = await a.post('/api/stripe/steakfry_signup_intent', party(event, a.email, 3));
    expect(intent.status, JSON.stringify(intent.json)).toBe(201);
    const secret = intent.json.clientSecret as string;
    expect((await payWithCard(a.client, secret)).status).toBe(200);
    expect((await a.post('/api/stripe/save_steakfry_signup', { token: secret, amount: '75.00' })).status).toBe(200);
    const signupId = (intent.json.savedIntent as { signupId: number }).signupId;
    await waitlists().join(b.id, { eventNumber: event, partySize: '1' });

    // No refund under the event's policy: the party keeps its $75.00 paid.
    const smaller = await a.put(`/api/user/signups/${signupId}`, { ...party(event, a.email, 2), amount: '75.00' });
    expect(smaller.status, JSON.stringify(smaller.json)).toBe(200);
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'offered' });
    expect(await offerMails(b.email)).toHaveLength(1);
  });

  it('a party offered 3 seats that signs up for 2 keeps an offer of 2: if its hold lapses, taken and offered never pass the event’s seats', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', capacity: 3 });
    const [a, b, c] = [await supporter('a'), await supporter('b'), await supporter('c')];
    const full = await a.post('/api/stripe/steakfry_signup_intent', party(event, a.email, 3));
    const fullSecret = full.json.clientSecret as string;
    expect((await payWithCard(a.client, fullSecret)).status).toBe(200);
    expect((await a.post('/api/stripe/save_steakfry_signup', { token: fullSecret, amount: '75.00' })).status).toBe(200);
    await waitlists().join(b.id, { eventNumber: event, partySize: '3' });
    expect((await a.post(`/api/user/signups/${(full.json.savedIntent as { signupId: number }).signupId}/cancel`)).status).toBe(200);
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'offered', places: 3 });

    // B signs up for 2 of the 3; the spare seat goes to C.
    expect((await b.post('/api/stripe/steakfry_signup_intent', party(event, b.email, 2))).status).toBe(201);
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'offered', places: 2 });
    const spare = await c.post('/api/stripe/steakfry_signup_intent', party(event, c.email, 1));
    expect(spare.status, JSON.stringify(spare.json)).toBe(201);
    expect((await payWithCard(c.client, spare.json.clientSecret as string)).status).toBe(200);
    expect((await c.post('/api/stripe/save_steakfry_signup', { token: spare.json.clientSecret, amount: '25.00' })).status).toBe(200);

    // B's hold lapses while the offer stands: the offer holds 2 again, not 3.
    offsetMs += 16 * 60_000;
    expect(await placesTaken(server.db, await eventId(event), now().toISOString())).toBe(3);
  });

  it('someone whose own lapsed hold was offered back to them pays late: the offer is theirs, so they keep the place and the offer ends', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const a = await supporter('a');
    const { secret } = await hold(a, event);
    // Their own hold fills the event, so they may join its list.
    await waitlists().join(a.id, { eventNumber: event });
    offsetMs += 16 * 60_000;
    await waitlists().offerFreedPlaces();
    expect(await entryOf(event, a.id)).toMatchObject({ status: 'offered' });

    expect((await payWithCard(a.client, secret)).status).toBe(200);
    const saved = await a.post('/api/stripe/save_golf_signup', { token: secret, amount: '400.00' });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(await entryOf(event, a.id)).toMatchObject({ status: 'accepted' });
    expect(await placesTaken(server.db, await eventId(event), now().toISOString())).toBe(1);
  });

  it('pass to the next in line when not taken in time', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const [a, b, c] = [await supporter('a'), await supporter('b'), await supporter('c')];
    const signupId = await signUpAndPay(a, event);
    await waitlists().join(b.id, { eventNumber: event });
    await waitlists().join(c.id, { eventNumber: event });
    expect((await a.post(`/api/user/signups/${signupId}/cancel`)).status).toBe(200);
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'offered' });

    offsetMs += 24 * 3_600_000 + 60_000;
    await waitlists().offerFreedPlaces();
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'lapsed' });
    expect(await entryOf(event, c.id)).toMatchObject({ status: 'offered' });
    expect(await offerMails(c.email)).toHaveLength(1);
    // B's lapsed offer no longer holds the place for them.
    expect((await b.post('/api/stripe/golf_signup_intent', golfTeam(event, b.email))).json).toEqual({ eventNumber: 'This event is full.' });
  });

  it('stop when sign-up closes', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const [a, b] = [await supporter('a'), await supporter('b')];
    const { signupId } = await hold(a, event);
    await waitlists().join(b.id, { eventNumber: event });
    await server.db.updateTable('events').set({ signup_closes_on: dayFromNow(-1) }).where('event_number', '=', event).execute();
    await server.db.updateTable('signups').set({ hold_expires_at: new Date(now().getTime() - 1000).toISOString() }).where('id', '=', signupId).execute();
    expect(await waitlists().offerFreedPlaces()).toBe(0);
    expect(await entryOf(event, b.id)).toMatchObject({ status: 'waiting' });
    expect(await offerMails(b.email)).toEqual([]);
  });
});

describe('offers never oversell', () => {
  it('a cancellation, a lapsed hold and a new sign-up racing the offers: places taken and offered stay within capacity, each freed place offered once', async () => {
    for (let round = 0; round < 4; round++) {
      const event = await createEvent({ eventType: 'Golf Event', capacity: 3 });
      const id = await eventId(event);
      const people = await Promise.all(['cancels', 'lapses', 'stays', 'w1', 'w2', 'w3', 'newcomer'].map((label) => supporter(label)));
      const [cancels, lapses, stays, w1, w2, w3, newcomer] = people as [Supporter, Supporter, Supporter, Supporter, Supporter, Supporter, Supporter];
      const cancelled = await signUpAndPay(cancels, event);
      const held = await hold(lapses, event);
      await signUpAndPay(stays, event);
      for (const w of [w1, w2, w3]) await waitlists().join(w.id, { eventNumber: event });
      // The hold lapses just now: nobody has noticed yet.
      await server.db.updateTable('signups').set({ hold_expires_at: new Date(now().getTime() - 1000).toISOString() }).where('id', '=', held.signupId).execute();

      const outcomes = await Promise.allSettled([
        cancels.post(`/api/user/signups/${cancelled}/cancel`),
        waitlists().offerFreedPlaces(),
        newcomer.post('/api/stripe/golf_signup_intent', golfTeam(event, newcomer.email)),
        waitlists().offerFreedPlaces(),
        waitlists().offerFreedPlaces(),
      ]);
      expect(outcomes.every((o) => o.status === 'fulfilled'), JSON.stringify(outcomes)).toBe(true);
      await waitlists().offerFreedPlaces();

      const nowIso = now().toISOString();
      const taken = await placesTaken(server.db, id, nowIso);
      const entries = await server.db.selectFrom('waitlist_entries').select(['user_id', 'status']).where('event_id', '=', id).execute();
      const offered = entries.filter((e) => e.status === 'offered').length;
      const newcomerHolds = (await server.db.selectFrom('signups').select('id').where('event_id', '=', id).where('receipt_email', '=', newcomer.email).execute()).length;
      // Two places freed: each went once, to the newcomer or to one offer.
      expect(taken, `round ${round}`).toBe(3);
      expect(offered + newcomerHolds, `round ${round}`).toBe(2);
      for (const w of [w1, w2, w3]) expect(await offerMails(w.email)).toHaveLength(entries.find((e) => Number(e.user_id) === w.id)!.status === 'offered' ? 1 : 0);
    }
  });

  it('offered places count as taken: with the count guard gone, a newcomer would take the place held for the first in line', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const [a, b, c] = [await supporter('a'), await supporter('b'), await supporter('c')];
    const signupId = await signUpAndPay(a, event);
    await waitlists().join(b.id, { eventNumber: event });
    expect((await a.post(`/api/user/signups/${signupId}/cancel`)).status).toBe(200);
    const [tried, again] = await Promise.all([c.post('/api/stripe/golf_signup_intent', golfTeam(event, c.email)), waitlists().offerFreedPlaces()]);
    expect(tried.json).toEqual({ eventNumber: 'This event is full.' });
    expect(again).toBe(0);
    expect(await placesTaken(server.db, await eventId(event), now().toISOString())).toBe(1);
  });
});

describe('staff', () => {
  it('see the list, set the hours an offer holds, and offer a place by hand under the same rules, audited', async () => {
    const event = await createEvent({ eventType: 'Golf Event', capacity: 1 });
    const [a, b, c] = [await supporter('a'), await supporter('b'), await supporter('c')];
    const staff = await insertStaff(server.db, { email: `staff.${tag()}@foundation.test`, name: 'Sam Staff', role: 'volunteer', now: now().toISOString() });
    const actor = { id: staff.id, email: staff.email, role: 'volunteer' as const, address: null };
    const { signupId } = await hold(a, event);
    await waitlists().join(b.id, { eventNumber: event });
    await waitlists().join(c.id, { eventNumber: event });
    const entries = (await waitlists().staffView(event)).entries;
    expect(entries.map((e) => [e.email, e.request, e.status])).toEqual([
      [b.email, '1 team', 'waiting'],
      [c.email, '1 team', 'waiting'],
    ]);

    for (const [offerHours, message] of [
      ['', 'An offer holds its places for at least 1 hour.'],
      ['200', 'An offer holds its places for at most 168 hours (a week).'],
      ['1.5', 'Enter a whole number of hours.'],
    ] as const) {
      expect(await refusal(() => waitlists().setOfferHours(actor, event, { offerHours }))).toEqual({ offerHours: message });
    }
    expect(await waitlists().setOfferHours(actor, event, { offerHours: '6' })).toBe('Offers now hold their places for 6 hours.');

    // No free place: nothing can be offered, by hand either.
    expect(await refusal(() => waitlists().offerByHand(actor, event, entries[1]!.id))).toEqual({ entry: 'Their request (1 team) does not fit the free places (0).' });
    await server.db.updateTable('signups').set({ hold_expires_at: new Date(now().getTime() - 1000).toISOString() }).where('id', '=', signupId).execute();
    // Staff may pass over the first in line; the place is then taken.
    expect(await waitlists().offerByHand(actor, event, entries[1]!.id)).toBe('Offered 1 team. They have been emailed.');
    const offered = await entryOf(event, c.id);
    expect(offered).toMatchObject({ status: 'offered', offered_by_staff_id: staff.id });
    expect(Date.parse(offered!.offer_expires_at!) - Date.parse(offered!.offered_at!)).toBe(6 * 3_600_000);
    expect(await refusal(() => waitlists().offerByHand(actor, event, entries[1]!.id))).toEqual({ entry: 'This person is no longer waiting (they have an offer, signed up, or let an offer lapse).' });
    expect(await refusal(() => waitlists().offerByHand(actor, event, entries[0]!.id))).toEqual({ entry: 'Their request (1 team) does not fit the free places (0).' });
    expect(await refusal(() => waitlists().offerByHand(actor, event, 999_999))).toEqual({ entry: 'This person is not on the waiting list for this event.' });
    // A tampered form's id (the action reads it with Number()): nobody in line, never a database error.
    for (const id of [Number.NaN, -1, 1.5, 2 ** 53]) expect(await refusal(() => waitlists().offerByHand(actor, event, id))).toEqual({ entry: 'This person is not on the waiting list for this event.' });
    expect(await offerMails(c.email)).toHaveLength(1);
    const audit = await server.db.selectFrom('audit_log').select(['action', 'summary']).where('staff_id', '=', staff.id).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['waitlist_offer_hours', 'waitlist_offer']);
  });
});

describe('the pages (server-rendered forms)', () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startTestServer({ sameDatabaseAs: server });
  });
  afterAll(() => site?.close());

  const form = (fields: Record<string, string>) => ({ body: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

  it('join with the party size checked beside its field, see the place in line on the dashboard, and leave from it', async () => {
    const event = await createEvent({ eventType: 'Benefit Event', capacity: 4 });
    const filler = await supporter('filler');
    expect((await filler.post('/api/stripe/steakfry_signup_intent', party(event, filler.email, 4))).status).toBe(201);

    const signedOut = site.client();
    const away = await signedOut.request('GET', `/events/${event}/waiting-list`);
    expect([away.status, away.headers.get('location')]).toEqual([302, '/login']);

    const client = site.client();
    await browserSignedIn(client, 'family');
    const page = await client.request('GET', `/events/${event}`);
    expect(page.text).toContain(`href="/events/${event}/waiting-list"`);
    expect(page.text).toContain('Join the waiting list');

    const bad = await client.request('POST', `/events/${event}/waiting-list`, form({ intent: 'join', partySize: 'lots' }));
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Enter how many people are in your party.');
    expect(await server.db.selectFrom('waitlist_entries').selectAll().where('event_id', '=', await eventId(event)).execute()).toEqual([]);
    expect((await client.request('POST', `/events/${event}/waiting-list`, { body: '{}', headers: { 'content-type': 'application/json' } })).status).toBe(415);

    const joined = await client.request('POST', `/events/${event}/waiting-list`, form({ intent: 'join', partySize: '3' }));
    expect([joined.status, joined.headers.get('location')]).toEqual([302, `/events/${event}/waiting-list`]);
    expect((await client.request('GET', `/events/${event}/waiting-list`)).text).toContain('You are number 1 in line, for 3 people.');
    const dashboard = await client.request('GET', '/dashboard');
    expect(dashboard.text).toContain('Number 1 in line, for 3 people.');

    const left = await client.request('POST', `/events/${event}/waiting-list`, form({ intent: 'leave' }));
    expect([left.status, left.headers.get('location')]).toEqual([302, '/dashboard?left-waiting-list']);
    expect((await client.request('GET', '/dashboard')).text).not.toContain('Waiting lists');
  });
});

describe('the offering runs', () => {
  it('never take the lock of a past event, whose list may still say waiting', async () => {
    const past = await createEvent({ eventDate: dayFromNow(-2), capacity: 1 });
    const coming = await createEvent({ capacity: 1 });
    const me = await supporter('late');
    for (const event of [past, coming]) await insertEntry(server.db, { eventId: await eventId(event), userId: me.id, kind: 'golf', places: 1, now: now().toISOString() });
    const today = todayInFoundationZone(now());
    const listed = await eventsWithOpenEntries(server.db, today);
    expect(listed).toContain(await eventId(coming));
    expect(listed).not.toContain(await eventId(past));
  });
});
