import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertEvent, type EventInput } from '../../server/db/repositories/events';
import { CARDS, payWithCard, signedInUser } from '../helpers/accounts';
import { readOutbox, waitForMail } from '../helpers/outbox';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';

let server: TestServer;
let client: ApiClient;
let auth: Record<string, string>;
let userEmail: string;

beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
  client = server.client();
  const user = await signedInUser(client, 'captain');
  auth = user.authorization;
  userEmail = user.account.email;
});
afterAll(() => server?.close());

const post = (path: string, body: unknown, headers: Record<string, string> = auth) => client.post(`/api/stripe/${path}`, body, { headers });
const intentIdOf = (secret: string) => secret.split('_secret_')[0]!;
const signupRow = (secret: string) =>
  server.db.selectFrom('signups').selectAll().where('payment_intent_id', '=', intentIdOf(secret)).executeTakeFirstOrThrow();

let nextEventNumber = 900;
async function createEvent(overrides: Partial<EventInput>): Promise<number> {
  const eventNumber = nextEventNumber++;
  await upsertEvent(server.db, {
    eventNumber,
    eventType: 'Golf Event',
    name: `Test event ${eventNumber}`,
    description: 'A test event',
    location: 'Shadyside, OH',
    eventDate: '2030-06-01',
    startTime: '09:00',
    image: null,
    active: true,
    show_sponsor: false,
    sponsor: null,
    stats: [],
    accomodations: [],
    proceeds: '',
    partnership_flyer: null,
    rules_flyer: null,
    capacity: null,
    ...overrides,
  });
  return eventNumber;
}

const players = (extra: (n: number) => Record<string, string>) =>
  Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, `Player ${n}`],
      [`player${n}Email`, n === 1 ? `p1.${Date.now()}@example.org` : ''],
      ...Object.entries(extra(n)).map(([key, value]) => [`player${n}${key}`, value]),
    ]),
  );

const golf = (eventNumber = 6, overrides: Record<string, unknown> = {}) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail: userEmail,
  ...players(() => ({ ShirtSize: 'L' })),
  ...overrides,
});

let teamCounter = 0;
const gaming = (eventNumber = 4, overrides: Record<string, unknown> = {}) => ({
  eventNumber,
  eventDescription: 'Gaming tournament',
  amount: '50.00',
  receiptEmail: userEmail,
  teamName: `Team ${Date.now().toString(36)}${teamCounter++}`,
  teamContactNumber: '(740) 555-0142',
  teamAgrees: true,
  ...players((n) => ({ ActivisionId: `player#${n}000`, Location: 'Shadyside, OH' })),
  ...overrides,
});

const steakfry = (attendees: { name?: string; child?: boolean; allergies?: string }[], eventNumber = 5, overrides: Record<string, unknown> = {}) => {
  const cents = attendees.reduce((sum, a) => sum + (a.child ? 1500 : 2500), 0);
  return {
    eventNumber,
    eventDescription: 'Steak fry',
    amount: (cents / 100).toFixed(2),
    receiptEmail: userEmail,
    attendees: attendees.map((a, i) => ({ name: a.name ?? `Guest ${i + 1}`, allergies: a.allergies ?? '', child: a.child ?? false })),
    ...overrides,
  };
};

describe('who may sign up for what', () => {
  it('needs a signed-in user (error on auth)', async () => {
    for (const headers of [{}, { authorization: 'Bearer nope' }] as Record<string, string>[]) {
      const res = await post('golf_signup_intent', golf(), headers);
      expect(res.status).toBe(401);
      expect(Object.keys(res.json)).toEqual(['auth']);
    }
  });

  it('refuses unknown events, events of another type and closed events', async () => {
    expect((await post('golf_signup_intent', golf(99999))).status).toBe(404);
    const wrongType = await post('golf_signup_intent', golf(4));
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.json)).toEqual(['eventNumber']);
    const closed = await post('golf_signup_intent', golf(1));
    expect(closed.status).toBe(409);
    expect(closed.json.eventNumber).toBe('Sign-up for this event is closed.');
    const unknownType = await createEvent({ eventType: 'Bowling Night' });
    expect((await post('golf_signup_intent', golf(unknownType))).json).toEqual({ eventNumber: 'This event does not take sign-ups online.' });
  });
});

describe('golf teams', () => {
  it('cost 400.00 for exactly four players with names, shirt sizes and a first-player email', async () => {
    const ok = await post('golf_signup_intent', golf());
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(ok.json.clientSecret).toMatch(/_secret_/);
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
    [{ player1Email: '' }, 'player1Email'],
    [{ player2Email: 'not-an-email' }, 'player2Email'],
    [{ player3ShirtSize: 'XS' }, 'player3ShirtSize'],
    [{ player3ShirtSize: '' }, 'player3ShirtSize'],
    [{ receiptEmail: '' }, 'receiptEmail'],
    [{ receiptEmail: 'x@' }, 'receiptEmail'],
  ])('refuses %j on %s', async (overrides, field) => {
    const res = await post('golf_signup_intent', golf(6, overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual([field]);
  });

  it.each([['399.99'], ['0'], ['-400'], ['1e9'], ['four hundred'], [400.01], [1e9], [null]])('refuses the tampered amount %j', async (amount) => {
    const res = await post('golf_signup_intent', golf(6, { amount }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual(['amount']);
  });

  it('accepts the amount as 400, "400" or "$400.00" and optional emails left empty for players 2-4', async () => {
    for (const amount of [400, '400', '$400.00']) expect((await post('golf_signup_intent', golf(6, { amount }))).status).toBe(201);
  });
});

describe('gaming teams', () => {
  it('cost 50.00 and need a team name, a phone number, agreement and players with Activision ids and locations', async () => {
    const ok = await post('gaming_signup_intent', gaming());
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect(await signupRow(ok.json.clientSecret as string)).toMatchObject({ kind: 'gaming', amount_cents: 5000, team_agrees: 1 });
  });

  it.each([
    [{ teamAgrees: false }, 'teamAgrees'],
    [{ teamAgrees: 'yes' }, 'teamAgrees'],
    [{ teamName: '' }, 'teamName'],
    [{ teamName: 'x'.repeat(61) }, 'teamName'],
    [{ teamContactNumber: '12345' }, 'teamContactNumber'],
    [{ teamContactNumber: '(040) 555-0142' }, 'teamContactNumber'],
    [{ player2ActivisionId: '' }, 'player2ActivisionId'],
    [{ player4Location: '' }, 'player4Location'],
    [{ amount: '49.99' }, 'amount'],
  ])('refuses %j on %s', async (overrides, field) => {
    const res = await post('gaming_signup_intent', gaming(4, overrides));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json)).toEqual([field]);
  });

  it('keeps team names unique per event, ignoring case', async () => {
    const first = gaming();
    expect((await post('gaming_signup_intent', first)).status).toBe(201);
    const clash = await post('gaming_signup_intent', gaming(4, { teamName: String(first.teamName).toUpperCase() }));
    expect(clash.status).toBe(400);
    expect(Object.keys(clash.json)).toEqual(['teamName']);
    const other = await createEvent({ eventType: 'Gaming Event' });
    expect((await post('gaming_signup_intent', gaming(other, { teamName: first.teamName }))).status).toBe(201);
  });
});

describe('steak-fry parties', () => {
  it('price 25.00 per adult and 15.00 per child from the whole list', async () => {
    const res = await post('steakfry_signup_intent', steakfry([{}, { child: true }, { child: true, allergies: 'peanuts' }]));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(await signupRow(res.json.clientSecret as string)).toMatchObject({ amount_cents: 5500, places: 3 });
    const wrong = await post('steakfry_signup_intent', steakfry([{}, { child: true }], 5, { amount: '50.00' }));
    expect(wrong.json).toEqual({ amount: 'The amount for this sign-up is $40.00.' });
  });

  it('takes 1 to 10 attendees, each named, with allergies of at most 200 characters', async () => {
    expect((await post('steakfry_signup_intent', steakfry(Array.from({ length: 10 }, () => ({}))))).status).toBe(201);
    const eleven = await post('steakfry_signup_intent', steakfry(Array.from({ length: 11 }, () => ({}))));
    expect(Object.keys(eleven.json)).toEqual(['attendees']);
    expect(Object.keys((await post('steakfry_signup_intent', steakfry([]))).json)).toEqual(['attendees']);
    expect(Object.keys((await post('steakfry_signup_intent', steakfry([{}, { name: ' ' }]))).json)).toEqual(['attendee-1-name']);
    expect(Object.keys((await post('steakfry_signup_intent', steakfry([{ allergies: 'a'.repeat(201) }]))).json)).toEqual(['attendee-0-allergies']);
    expect((await post('steakfry_signup_intent', steakfry([{ allergies: 'a'.repeat(200) }]))).status).toBe(201);
  });

  it('stores script tags in names as text', async () => {
    const res = await post('steakfry_signup_intent', steakfry([{ name: '<script>alert(1)</script>' }]));
    const row = await signupRow(res.json.clientSecret as string);
    const [attendee] = await server.db.selectFrom('signup_attendees').selectAll().where('signup_id', '=', row.id).execute();
    expect(attendee!.name).toBe('<script>alert(1)</script>');
  });
});

describe('capacity', () => {
  it('20 concurrent sign-ups for the last 3 places give exactly 3 holds', async () => {
    const eventNumber = await createEvent({ capacity: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => post('golf_signup_intent', golf(eventNumber))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.every((r) => r.status === 409 && r.json.eventNumber === 'This event is full.')).toBe(true);
    const event = await server.db.selectFrom('events').select('id').where('event_number', '=', eventNumber).executeTakeFirstOrThrow();
    const held = await server.db.selectFrom('signups').select('id').where('event_id', '=', event.id).where('status', '=', 'pending').execute();
    expect(held).toHaveLength(3);
  });

  it('counts attendees for parties, and expired holds free their places', async () => {
    const eventNumber = await createEvent({ eventType: 'Benefit Event', capacity: 4 });
    const first = await post('steakfry_signup_intent', steakfry([{}, {}, {}], eventNumber));
    expect(first.status).toBe(201);
    expect((await post('steakfry_signup_intent', steakfry([{}, {}], eventNumber))).json).toEqual({ eventNumber: 'This event is full.' });
    expect(await server.services.events.placesLeft(eventNumber)).toBe(1);
    await server.db
      .updateTable('signups')
      .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('payment_intent_id', '=', intentIdOf(first.json.clientSecret as string))
      .execute();
    expect(await server.services.events.placesLeft(eventNumber)).toBe(4);
    expect((await post('steakfry_signup_intent', steakfry([{}, {}], eventNumber))).status).toBe(201);
  });
});

describe('paying and saving', () => {
  it('save twice = one paid sign-up and one confirmation email with a calendar file', async () => {
    const receiptEmail = `receipt.${Date.now().toString(36)}@example.org`;
    const body = golf(6, { receiptEmail });
    const created = await post('golf_signup_intent', body);
    const secret = created.json.clientSecret as string;
    expect((await post('save_golf_signup', { ...body, token: secret })).json).toEqual({
      card: 'The payment has not gone through. Please check the card details and try again.',
    });
    expect((await payWithCard(client, secret)).status).toBe(200);
    const first = await post('save_golf_signup', { ...body, token: secret });
    expect(first.status).toBe(200);
    const second = await post('save_golf_signup', { ...body, token: secret });
    expect(second.json).toEqual(first.json);
    const row = await signupRow(secret);
    expect(row.status).toBe('paid');
    expect(row.hold_expires_at).toBeNull();
    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === receiptEmail);
    expect(mail.subject).toMatch(/^You're signed up: Golf Event on /);
    expect(mail.text).toContain('Player 4');
    expect(mail.text).toContain('$400.00');
    const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.content.toString()).toContain('BEGIN:VEVENT');
    await new Promise((r) => setTimeout(r, 300));
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === receiptEmail)).toHaveLength(1);
  });

  it("refuses a declined card, another user's payment and a mismatching amount", async () => {
    const body = steakfry([{}]);
    const created = await post('steakfry_signup_intent', body);
    const secret = created.json.clientSecret as string;
    expect((await payWithCard(client, secret, CARDS.declined)).json).toEqual({ card: 'Your card was declined.' });
    expect((await payWithCard(client, secret)).status).toBe(200);
    const other = await signedInUser(client, 'other');
    const foreign = await post('save_steakfry_signup', { ...body, token: secret }, other.authorization);
    expect(Object.keys(foreign.json)).toEqual(['token']);
    const mismatch = await post('save_steakfry_signup', { ...body, amount: '15.00', token: secret });
    expect(Object.keys(mismatch.json)).toEqual(['amount']);
    expect((await post('save_steakfry_signup', { ...body, token: secret })).status).toBe(200);
  });

  it('shows paid sign-ups on the dashboard with the names, date and amount', async () => {
    const me = await signedInUser(client, 'family');
    const body = steakfry([{ name: 'Mom' }, { name: 'Kid', child: true }], 5, { receiptEmail: me.account.email });
    const created = await post('steakfry_signup_intent', body, me.authorization);
    await payWithCard(client, created.json.clientSecret as string);
    await post('save_steakfry_signup', { ...body, token: created.json.clientSecret }, me.authorization);
    const dashboard = await client.request('GET', '/api/user/dashboard', { headers: me.authorization });
    expect(dashboard.json.events_and_teams).toEqual([
      {
        e: expect.objectContaining({ eventNumber: 5, eventType: 'Benefit Event', eventDate: '2027-04-17' }),
        t: { date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), amount: '40.00', teamName: null, players: [{ name: 'Mom' }, { name: 'Kid' }] },
      },
    ]);
  });
});
