import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../server/db/repositories/events';
import { CARDS, payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { ApiClient, nextLoopbackAddress, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * Spec §7 sign-up calls on the payment core (ADR 013, ADR 014). Every event here is made by the
 * test with dates relative to today, so the sample content and the calendar can change freely.
 */

let server: TestServer;
let golfEvent: number;
let gamingEvent: number;
let benefitEvent: number;

let nextEventNumber = 900;
const createEvent = (overrides: Partial<EventInput>) => createTestEvent(server.db, { eventNumber: nextEventNumber++, ...overrides });

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
  golfEvent = await createEvent({ eventType: 'Golf Event' });
  gamingEvent = await createEvent({ eventType: 'Gaming Event' });
  benefitEvent = await createEvent({ eventType: 'Benefit Event' });
});
afterAll(() => server?.close());

/** A signed-in supporter with a browser (and a network address) of their own. */
async function visitor(label = 'captain', client: ApiClient = server.client()) {
  const user = await signedInUser(client, label);
  const post = (path: string, body: unknown, headers: Record<string, string> = user.authorization) => client.post(`/api/stripe/${path}`, body, { headers });
  return { client, email: user.account.email, auth: user.authorization, post, pay: (secret: string, card?: string) => payWithCard(client, secret, card) };
}

const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;
/** The sign-up and its payment, by the intent behind a client secret. */
const signupRow = (secret: string) =>
  server.db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .selectAll('signups')
    .select(['payments.status', 'payments.status_reason', 'payments.amount_cents', 'payments.refunded_cents', 'payments.intent_id', 'payments.user_id'])
    .where('payments.intent_id', '=', intentIdOf(secret))
    .executeTakeFirstOrThrow();

const players = (extra: (n: number) => Record<string, string>) =>
  Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, `Player ${n}`],
      [`player${n}Email`, n === 1 ? `p1.${Date.now()}@example.org` : ''],
      ...Object.entries(extra(n)).map(([key, value]) => [`player${n}${key}`, value]),
    ]),
  );

const golf = (eventNumber = golfEvent, overrides: Record<string, unknown> = {}) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail: 'captain@example.org',
  ...players(() => ({ ShirtSize: 'L' })),
  ...overrides,
});

let teamCounter = 0;
const gaming = (eventNumber = gamingEvent, overrides: Record<string, unknown> = {}) => ({
  eventNumber,
  eventDescription: 'Gaming tournament',
  amount: '50.00',
  receiptEmail: 'gamer@example.org',
  teamName: `Team ${Date.now().toString(36)}${teamCounter++}`,
  teamContactNumber: '(740) 555-0142',
  teamAgrees: true,
  ...players((n) => ({ ActivisionId: `player#${n}000`, Location: 'Testburg, PA' })),
  ...overrides,
});

const steakfry = (attendees: { name?: string; child?: boolean; allergies?: string }[], eventNumber = benefitEvent, overrides: Record<string, unknown> = {}) => {
  const cents = attendees.reduce((sum, a) => sum + (a.child ? 1500 : 2500), 0);
  return {
    eventNumber,
    eventDescription: 'Steak fry',
    amount: (cents / 100).toFixed(2),
    receiptEmail: 'family@example.org',
    attendees: attendees.map((a, i) => ({ name: a.name ?? `Guest ${i + 1}`, allergies: a.allergies ?? '', child: a.child ?? false })),
    ...overrides,
  };
};

describe('who may sign up for what', () => {
  it('needs a signed-in user (error on auth)', async () => {
    const client = server.client();
    await client.get('/api/events/upcoming');
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const res = await client.post('/api/stripe/golf_signup_intent', golf(), { headers });
      expect(res.status).toBe(401);
      expect(Object.keys(res.json)).toEqual(['auth']);
    }
  });

  it('refuses unknown events, events of another type, closed events, past events and types without a form', async () => {
    const me = await visitor();
    expect((await me.post('golf_signup_intent', golf(99999))).json).toEqual({ eventNumber: "Event 99999 doesn't exist." });
    const wrongType = await me.post('golf_signup_intent', golf(gamingEvent));
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.json)).toEqual(['eventNumber']);
    const closed = await me.post('golf_signup_intent', golf(await createEvent({ active: false })));
    expect(closed.status).toBe(409);
    expect(closed.json.eventNumber).toBe('Sign-up for this event is closed.');
    const past = await me.post('golf_signup_intent', golf(await createEvent({ eventDate: dayFromNow(-1) })));
    expect(past.status).toBe(409);
    expect(past.json.eventNumber).toBe('This event has already taken place; sign-up is closed.');
    expect((await me.post('golf_signup_intent', golf(await createEvent({ eventDate: dayFromNow(0) })))).status).toBe(201);
    const unknownType = await createEvent({ eventType: 'Bowling Night' });
    expect((await me.post('golf_signup_intent', golf(unknownType))).json).toEqual({ eventNumber: 'This event does not take sign-ups online.' });
  });
});

describe('golf teams', () => {
  it('cost 400.00 for exactly four players with names, shirt sizes and a first-player email', async () => {
    const me = await visitor();
    const ok = await me.post('golf_signup_intent', golf());
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(ok.json.clientSecret).toMatch(/_secret_/);
    expect(ok.json.savedIntent).toMatchObject({ kind: 'golf', eventNumber: golfEvent, amount: '400.00', holdMinutes: 15 });
    const row = await signupRow(ok.json.clientSecret as string);
    expect(row).toMatchObject({ kind: 'golf', amount_cents: 40000, status: 'pending', places: 1 });
    const people = await server.db.selectFrom('signup_players').selectAll().where('signup_id', '=', row.id).orderBy('position').execute();
    expect(people.map((p) => [p.name, p.shirt_size])).toEqual([
      ['Player 1', 'L'],
      ['Player 2', 'L'],
      ['Player 3', 'L'],
      ['Player 4', 'L'],
    ]);
  });

  it.each([
    [{ player1Name: '' }, 'player1Name'],
    [{ player4Name: '   ' }, 'player4Name'],
    [{ player2Name: 'Ann\u0000' }, 'player2Name'],
    [{ player1Email: '' }, 'player1Email'],
    [{ player2Email: 'not-an-email' }, 'player2Email'],
    [{ player3ShirtSize: 'XS' }, 'player3ShirtSize'],
    [{ player3ShirtSize: '' }, 'player3ShirtSize'],
    [{ receiptEmail: '' }, 'receiptEmail'],
    [{ receiptEmail: 'x@' }, 'receiptEmail'],
    [{ eventNumber: 2 ** 31 }, 'eventNumber'],
    [{ eventNumber: 3e9 }, 'eventNumber'],
  ])('refuses %j on %s', async (overrides, field) => {
    const me = await visitor();
    const res = await me.post('golf_signup_intent', golf(golfEvent, overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual([field]);
  });

  it('refuses tampered amounts', async () => {
    const me = await visitor();
    for (const amount of ['399.99', '0', '-400', '1e9', 'four hundred', 400.01, 1e9, null]) {
      const res = await me.post('golf_signup_intent', golf(golfEvent, { amount }));
      expect(res.status, String(amount)).toBe(400);
      expect(Object.keys(res.json)).toEqual(['amount']);
    }
  });

  it('accepts the amount as 400, "400" or "$400.00" and optional emails left empty for players 2-4', async () => {
    const me = await visitor();
    for (const amount of [400, '400', '$400.00']) expect((await me.post('golf_signup_intent', golf(golfEvent, { amount }))).status).toBe(201);
  });
});

describe('gaming teams', () => {
  it('cost 50.00 and need a team name, a phone number, agreement and players with Activision ids and locations', async () => {
    const me = await visitor();
    const ok = await me.post('gaming_signup_intent', gaming());
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(await signupRow(ok.json.clientSecret as string)).toMatchObject({ kind: 'gaming', amount_cents: 5000, team_agrees: 1 });
  });

  it.each([
    [{ teamAgrees: false }, 'teamAgrees'],
    [{ teamAgrees: 'yes' }, 'teamAgrees'],
    [{ teamName: '' }, 'teamName'],
    [{ teamName: 'x'.repeat(61) }, 'teamName'],
    [{ teamName: 'Owls\u0000' }, 'teamName'],
    [{ teamContactNumber: '12345' }, 'teamContactNumber'],
    [{ teamContactNumber: '(040) 555-0142' }, 'teamContactNumber'],
    [{ player2ActivisionId: '' }, 'player2ActivisionId'],
    [{ player4Location: '' }, 'player4Location'],
    [{ amount: '49.99' }, 'amount'],
  ])('refuses %j on %s', async (overrides, field) => {
    const me = await visitor();
    const res = await me.post('gaming_signup_intent', gaming(gamingEvent, overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual([field]);
  });

  it('keeps team names unique per event, ignoring case', async () => {
    const first = gaming();
    expect((await (await visitor('team1')).post('gaming_signup_intent', first)).status).toBe(201);
    const clash = await (await visitor('team2')).post('gaming_signup_intent', gaming(gamingEvent, { teamName: String(first.teamName).toUpperCase() }));
    expect(clash.status).toBe(400);
    expect(Object.keys(clash.json)).toEqual(['teamName']);
    const other = await createEvent({ eventType: 'Gaming Event' });
    expect((await (await visitor('team3')).post('gaming_signup_intent', gaming(other, { teamName: first.teamName }))).status).toBe(201);
  });
});

describe('steak-fry parties', () => {
  it('price 25.00 per adult and 15.00 per child from the whole list', async () => {
    const me = await visitor('family');
    const res = await me.post('steakfry_signup_intent', steakfry([{}, { child: true }, { child: true, allergies: 'peanuts' }]));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(await signupRow(res.json.clientSecret as string)).toMatchObject({ amount_cents: 5500, places: 3 });
    const wrong = await me.post('steakfry_signup_intent', steakfry([{}, { child: true }], benefitEvent, { amount: '50.00' }));
    expect(wrong.json).toEqual({ amount: 'The amount for this sign-up is $40.00.' });
  });

  it('takes 1 to 10 attendees, each named, with allergies of at most 200 characters', async () => {
    const me = await visitor('family');
    expect((await me.post('steakfry_signup_intent', steakfry(Array.from({ length: 10 }, () => ({}))))).status).toBe(201);
    const eleven = await me.post('steakfry_signup_intent', steakfry(Array.from({ length: 11 }, () => ({}))));
    expect(Object.keys(eleven.json)).toEqual(['attendees']);
    expect(Object.keys((await me.post('steakfry_signup_intent', steakfry([]))).json)).toEqual(['attendees']);
    expect(Object.keys((await me.post('steakfry_signup_intent', steakfry([{}, { name: ' ' }]))).json)).toEqual(['attendee-1-name']);
    expect(Object.keys((await me.post('steakfry_signup_intent', steakfry([{}, { name: 'Tim\u0000' }]))).json)).toEqual(['attendee-1-name']);
    expect(Object.keys((await me.post('steakfry_signup_intent', steakfry([{ allergies: 'a'.repeat(201) }]))).json)).toEqual(['attendee-0-allergies']);
    expect((await me.post('steakfry_signup_intent', steakfry([{ allergies: 'a'.repeat(200) }]))).status).toBe(201);
  });

  it('stores script tags in names as text', async () => {
    const me = await visitor('family');
    const res = await me.post('steakfry_signup_intent', steakfry([{ name: '<script>alert(1)</script>' }]));
    const row = await signupRow(res.json.clientSecret as string);
    const [attendee] = await server.db.selectFrom('signup_attendees').selectAll().where('signup_id', '=', row.id).execute();
    expect(attendee!.name).toBe('<script>alert(1)</script>');
  });
});

describe('capacity holds', () => {
  it('20 people at once for the last 3 places get exactly 3 holds', async () => {
    const eventNumber = await createEvent({ capacity: 3 });
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => visitor(`rush${i}`)));
    const results = await Promise.all(people.map((p) => p.post('golf_signup_intent', golf(eventNumber))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.json.eventNumber === 'This event is full.')).toBe(true);
    expect(await server.services.events.placesLeft(eventNumber)).toBe(0);
  });

  it('counts attendees for parties, and expired holds free their places', async () => {
    const eventNumber = await createEvent({ eventType: 'Benefit Event', capacity: 4 });
    const first = await (await visitor('party1')).post('steakfry_signup_intent', steakfry([{}, {}, {}], eventNumber));
    expect(first.status).toBe(201);
    expect((await (await visitor('party2')).post('steakfry_signup_intent', steakfry([{}, {}], eventNumber))).json).toEqual({ eventNumber: 'This event is full.' });
    expect(await server.services.events.placesLeft(eventNumber)).toBe(1);
    await server.db.updateTable('signups').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', (await signupRow(first.json.clientSecret as string)).id).execute();
    expect(await server.services.events.placesLeft(eventNumber)).toBe(4);
    expect((await (await visitor('party3')).post('steakfry_signup_intent', steakfry([{}, {}], eventNumber))).status).toBe(201);
  });

  it('one account holds one attempt per event: asking again lets the earlier one go, and it can no longer be paid', async () => {
    const eventNumber = await createEvent({ eventType: 'Benefit Event', capacity: 10 });
    const me = await visitor('hoarder');
    const first = await me.post('steakfry_signup_intent', steakfry(Array.from({ length: 8 }, () => ({})), eventNumber));
    expect(first.status).toBe(201);
    const second = await me.post('steakfry_signup_intent', steakfry([{}, {}], eventNumber));
    expect(second.status).toBe(201);
    // The first attempt's places went back at once, and its card form cannot charge any more.
    expect(await server.services.events.placesLeft(eventNumber)).toBe(8);
    expect(await signupRow(first.json.clientSecret as string)).toMatchObject({ status: 'expired', status_reason: 'replaced', hold_expires_at: null });
    const late = await me.pay(first.json.clientSecret as string);
    expect(late.status).toBe(402);
    expect(late.json).toEqual({ card: 'This payment was canceled. Please start again.' });
    // A family may still sign up twice: once paid, the next sign-up is a new one.
    expect((await me.pay(second.json.clientSecret as string)).status).toBe(200);
    expect((await me.post('steakfry_signup_intent', steakfry([{}], eventNumber))).status).toBe(201);
    expect(await server.services.events.placesLeft(eventNumber)).toBe(7);
  });

  it('one network address cannot hold an event: at most 3 unpaid sign-ups from it at a time', async () => {
    const eventNumber = await createEvent({ eventType: 'Benefit Event', capacity: 100 });
    const address = nextLoopbackAddress();
    const accounts = [];
    for (let i = 0; i < 4; i++) accounts.push(await visitor(`samenet${i}`, new ApiClient(server.url, address)));
    for (const account of accounts.slice(0, 3)) expect((await account.post('steakfry_signup_intent', steakfry(Array.from({ length: 10 }, () => ({})), eventNumber))).status).toBe(201);
    const fourth = await accounts[3]!.post('steakfry_signup_intent', steakfry([{}], eventNumber));
    expect(fourth.status).toBe(429);
    expect(fourth.json.eventNumber).toMatch(/Too many sign-ups for this event are waiting for payment from your network/);
    expect(fourth.headers.get('retry-after')).toBe('900');
    // Another network is not affected.
    expect((await (await visitor('elsewhere')).post('steakfry_signup_intent', steakfry([{}], eventNumber))).status).toBe(201);
  });
});

describe('places are never oversold (ADR 014)', () => {
  it('holds that lapsed and were paid after others took the places are refunded at once, and the event ends exactly full', async () => {
    const eventNumber = await createEvent({ capacity: 3 });
    const early = await Promise.all([0, 1, 2].map((i) => visitor(`early${i}`)));
    const earlyIntents = await Promise.all(early.map((v) => v.post('golf_signup_intent', golf(eventNumber, { receiptEmail: v.email }))));
    expect(earlyIntents.map((r) => r.status)).toEqual([201, 201, 201]);
    // The 15 minutes pass with the dialogs open: the holds lapse and three others take the places.
    await server.db.updateTable('signups').set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', 'in', await Promise.all(earlyIntents.map(async (r) => (await signupRow(r.json.clientSecret as string)).id))).execute();
    const late = await Promise.all([0, 1, 2].map((i) => visitor(`late${i}`)));
    const lateIntents = await Promise.all(late.map((v) => v.post('golf_signup_intent', golf(eventNumber, { receiptEmail: v.email }))));
    expect(lateIntents.map((r) => r.status)).toEqual([201, 201, 201]);

    // Everyone pays, in an interleaved order.
    const payers = [...early.map((v, i) => ({ v, secret: earlyIntents[i]!.json.clientSecret as string })), ...late.map((v, i) => ({ v, secret: lateIntents[i]!.json.clientSecret as string }))];
    const paid = await Promise.all(payers.map(({ v, secret }) => v.pay(secret)));
    expect(paid.every((r) => r.status === 200)).toBe(true);

    const rows = await Promise.all(payers.map(({ secret }) => signupRow(secret)));
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(3);
    expect(rows.slice(3).map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);
    for (const row of rows.slice(0, 3)) expect(row).toMatchObject({ status: 'refunded', status_reason: 'event_full', refunded_cents: 40000 });
    expect(await server.services.events.placesLeft(eventNumber)).toBe(0);

    // The money went back through the gateway, once each, and each late payer was told.
    const refunds = await server.db.selectFrom('simulated_refunds').selectAll().where('intent_id', 'in', rows.slice(0, 3).map((r) => r.intent_id!)).execute();
    expect(refunds.map((r) => r.amount_cents)).toEqual([40000, 40000, 40000]);
    for (const v of early) {
      const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === v.email && /refunded/.test(m.subject));
      expect(notice.subject).toMatch(/^Your payment of \$400\.00 to .+ has been refunded$/);
      expect(notice.text).toContain('The event filled up before your payment reached us');
    }
    // The page's save call says what happened; the dashboard shows it.
    const saved = await early[0]!.post('save_golf_signup', { token: payers[0]!.secret, amount: '400.00' });
    expect(saved.status).toBe(409);
    expect(saved.json.eventNumber).toMatch(/^This event filled up before your payment reached us, so we have refunded your \$400\.00 in full\./);
    const dashboard = await early[0]!.client.request('GET', '/api/user/dashboard', { headers: early[0]!.auth });
    expect(dashboard.json.events_and_teams).toEqual([
      expect.objectContaining({ t: expect.objectContaining({ status: 'refunded', refunded: '400.00', note: 'Refunded: the event filled up' }) }),
    ]);
  });

  it('a lapsed hold paid while places are still free keeps its place', async () => {
    const eventNumber = await createEvent({ capacity: 2 });
    const me = await visitor('slow');
    const intent = await me.post('golf_signup_intent', golf(eventNumber));
    await server.db.updateTable('signups').set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', (await signupRow(intent.json.clientSecret as string)).id).execute();
    expect((await me.pay(intent.json.clientSecret as string)).status).toBe(200);
    expect(await signupRow(intent.json.clientSecret as string)).toMatchObject({ status: 'paid', hold_expires_at: null });
  });

  it('a lapsed hold paid after its event closed is refunded', async () => {
    const eventNumber = await createEvent({ capacity: 5 });
    const me = await visitor('closing');
    const intent = await me.post('golf_signup_intent', golf(eventNumber));
    await server.db.updateTable('signups').set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', (await signupRow(intent.json.clientSecret as string)).id).execute();
    await server.db.updateTable('events').set({ active: 0 }).where('event_number', '=', eventNumber).execute();
    expect((await me.pay(intent.json.clientSecret as string)).status).toBe(200);
    expect(await signupRow(intent.json.clientSecret as string)).toMatchObject({ status: 'refunded', status_reason: 'event_closed' });
  });
});

describe('paying and saving', () => {
  it('save twice = one paid sign-up and one confirmation email with a calendar file', async () => {
    const me = await visitor();
    const receiptEmail = `receipt.${Date.now().toString(36)}@example.org`;
    const body = golf(golfEvent, { receiptEmail });
    const created = await me.post('golf_signup_intent', body);
    const secret = created.json.clientSecret as string;
    expect((await me.post('save_golf_signup', { ...body, token: secret })).json).toEqual({
      card: 'The payment has not gone through. Please check the card details and try again.',
    });
    expect((await me.pay(secret)).status).toBe(200);
    const first = await me.post('save_golf_signup', { ...body, token: secret });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ kind: 'golf', eventNumber: golfEvent, amount: '400.00', status: 'paid' });
    const second = await me.post('save_golf_signup', { ...body, token: secret });
    expect(second.json).toEqual(first.json);
    const row = await signupRow(secret);
    expect(row.status).toBe('paid');
    expect(row.hold_expires_at).toBeNull();
    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === receiptEmail);
    expect(mail.subject).toMatch(/^You're signed up: Golf Event on /);
    expect(mail.text).toContain('Player 4 (shirt L)');
    expect(mail.text).toContain('$400.00');
    const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.content.toString()).toContain('BEGIN:VEVENT');
    await server.services.mail.idle();
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === receiptEmail)).toHaveLength(1);
  });

  it("refuses a declined card, another user's payment, another kind's save and a mismatching amount", async () => {
    const me = await visitor('family');
    const body = steakfry([{}]);
    const created = await me.post('steakfry_signup_intent', body);
    const secret = created.json.clientSecret as string;
    expect((await me.pay(secret, CARDS.declined)).json).toEqual({ card: 'Your card was declined.' });
    expect((await me.pay(secret)).status).toBe(200);
    const other = await visitor('other');
    const foreign = await other.post('save_steakfry_signup', { ...body, token: secret });
    expect(Object.keys(foreign.json)).toEqual(['token']);
    const wrongKind = await me.post('save_golf_signup', { ...body, token: secret });
    expect(Object.keys(wrongKind.json)).toEqual(['token']);
    const mismatch = await me.post('save_steakfry_signup', { ...body, amount: '15.00', token: secret });
    expect(Object.keys(mismatch.json)).toEqual(['amount']);
    expect((await me.post('save_steakfry_signup', { ...body, token: secret })).status).toBe(200);
  });

  it("answers the sign-up's own event, whatever event number the save call carries", async () => {
    const me = await visitor();
    const created = await me.post('golf_signup_intent', golf());
    await me.pay(created.json.clientSecret as string);
    const saved = await me.post('save_golf_signup', { ...golf(), eventNumber: gamingEvent, token: created.json.clientSecret });
    expect(saved.json).toMatchObject({ eventNumber: golfEvent, status: 'paid' });
  });

  it('shows paid sign-ups on the dashboard with the names, date, amount and state', async () => {
    const me = await visitor('family');
    const body = steakfry([{ name: 'Mom' }, { name: 'Kid', child: true }], benefitEvent, { receiptEmail: me.email });
    const created = await me.post('steakfry_signup_intent', body);
    await me.pay(created.json.clientSecret as string);
    await me.post('save_steakfry_signup', { ...body, token: created.json.clientSecret });
    const dashboard = await me.client.request('GET', '/api/user/dashboard', { headers: me.auth });
    expect(dashboard.json.events_and_teams).toEqual([
      {
        e: expect.objectContaining({ eventNumber: benefitEvent, eventType: 'Benefit Event', eventDate: dayFromNow(60) }),
        t: {
          id: expect.any(Number),
          cancelled: false,
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          amount: '40.00',
          teamName: null,
          players: [{ name: 'Mom' }, { name: 'Kid' }],
          status: 'paid',
          refunded: '0.00',
          note: null,
        },
      },
    ]);
  });
});

describe('refunds through the payment core', () => {
  it('refund in part then in full, once per request key, shown on the dashboard; an unpaid sign-up cannot be refunded', async () => {
    const me = await visitor('refundee');
    const body = steakfry([{}, {}, {}], benefitEvent, { receiptEmail: me.email });
    const created = await me.post('steakfry_signup_intent', body);
    const secret = created.json.clientSecret as string;
    const { payment_id: paymentId } = await signupRow(secret);
    await expect(server.services.payments.refund(paymentId, { reason: 'staff', requestKey: `unpaid-${paymentId}` })).rejects.toMatchObject({ code: 'conflict' });
    await me.pay(secret);

    const part = await server.services.payments.refund(paymentId, { amountCents: 2500, reason: 'requested_by_customer', requestKey: `part-${paymentId}` });
    expect(part).toMatchObject({ status: 'succeeded', amountCents: 2500 });
    // Asking again with the same key gives back nothing more.
    expect(await server.services.payments.refund(paymentId, { amountCents: 2500, reason: 'requested_by_customer', requestKey: `part-${paymentId}` })).toMatchObject({ id: part.id });
    expect(await signupRow(secret)).toMatchObject({ status: 'partially_refunded', refunded_cents: 2500 });
    let dashboard = await me.client.request('GET', '/api/user/dashboard', { headers: me.auth });
    expect((dashboard.json.events_and_teams as { t: unknown }[])[0]!.t).toMatchObject({ status: 'partially_refunded', refunded: '25.00', note: 'Partly refunded ($25.00): at your request' });

    await expect(server.services.payments.refund(paymentId, { amountCents: 5001, reason: 'staff', requestKey: `too-much-${paymentId}` })).rejects.toMatchObject({ fields: { amount: 'Enter an amount from $0.01 to $50.00.' } });
    await server.services.payments.refund(paymentId, { reason: 'staff', requestKey: `rest-${paymentId}` });
    expect(await signupRow(secret)).toMatchObject({ status: 'refunded', refunded_cents: 7500 });
    const refunds = await server.db.selectFrom('simulated_refunds').select('amount_cents').where('intent_id', '=', intentIdOf(secret)).orderBy('created_at').execute();
    expect(refunds.map((r) => r.amount_cents)).toEqual([2500, 5000]);
    dashboard = await me.client.request('GET', '/api/user/dashboard', { headers: me.auth });
    expect((dashboard.json.events_and_teams as { t: unknown }[])[0]!.t).toMatchObject({ status: 'refunded', refunded: '75.00', note: 'Refunded: by the foundation' });
    // A fully refunded sign-up holds no places.
    await expect(server.services.payments.refund(paymentId, { reason: 'staff', requestKey: `again-${paymentId}` })).rejects.toMatchObject({ code: 'conflict' });
  });
});
