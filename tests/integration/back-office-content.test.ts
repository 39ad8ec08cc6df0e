import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { locationOf, setUpStaff, submit } from '../helpers/staff';
import { ApiClient, startTestServer, testContentDir, type TestServer } from '../helpers/test-server';
import { seedContent } from '../../server/db/seed';

/** Issue 12 over HTTP on both databases: prices from the event, sign-up dates, drafts and publishing, and the seed leaving staff edits alone. */

let server: TestServer;
let eventCounter = 0;
const newEvent = (overrides: Parameters<typeof createTestEvent>[1] extends infer T ? Partial<T> : never) =>
  createTestEvent(server.db, { eventNumber: 8100 + eventCounter++, ...overrides });
const html = (text: string) => text.replaceAll('<!-- -->', '');

/** A page's published data as its editor form posts it: dotted names, ticked boxes only. */
async function pageForm(page: string): Promise<Record<string, string>> {
  const row = await server.db.selectFrom('site_content').select('data_json').where('page', '=', page).executeTakeFirstOrThrow();
  const out: Record<string, string> = {};
  const walk = (value: unknown, prefix: string) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, prefix ? `${prefix}.${i}` : String(i)));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
    else if (value === true) out[prefix] = 'on';
    else if (value !== false) out[prefix] = String(value);
  };
  walk(JSON.parse(row.data_json), '');
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const golfTeam = (eventNumber: number, amount: string, size = 4) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount,
  receiptEmail: 'captain@example.org',
  ...Object.fromEntries(
    Array.from({ length: size }, (_, i) => i + 1).flatMap((n) => [
      [`player${n}Name`, `Player ${n}`],
      [`player${n}Email`, n === 1 ? `p1.${Date.now()}@example.org` : ''],
      [`player${n}ShirtSize`, 'L'],
    ]),
  ),
});

describe('without a staff session', () => {
  it.each(['/admin/events/new', '/admin/events/1/edit', '/admin/announcements', '/admin/pages', '/admin/pages/staff', '/admin/media'])('%s redirects to the sign-in page', async (path) => {
    const res = await new ApiClient(server.url).get(path);
    expect(res.status).toBe(302);
    expect(locationOf(res)).toMatch(/^\/admin\/login/);
  });
});

describe('prices and limits come from the event', () => {
  it('charges the price set on the event, refuses the old one, and takes a team of the event’s size', async () => {
    const eventNumber = await newEvent({ eventType: 'Golf Event', signup: { priceCents: 45_000, playersPerTeam: 2 } });
    const client = server.client();
    const user = await signedInUser(client, 'price');
    const post = (body: unknown) => client.post('/api/stripe/golf_signup_intent', body, { headers: user.authorization });

    const old = await post(golfTeam(eventNumber, '400.00', 2));
    expect(old.status).toBe(400);
    expect((old.json as unknown as Record<string, string>).amount).toBe('The amount for this sign-up is $450.00.');
    const four = await post(golfTeam(eventNumber, '450.00', 1));
    expect(four.status).toBe(400);
    expect((four.json as unknown as Record<string, string>).player2Name).toBeTruthy();

    const ok = await post(golfTeam(eventNumber, '450.00', 2));
    expect(ok.status, ok.text).toBe(201);
    const { clientSecret } = (ok.json as unknown as { clientSecret: string });
    await payWithCard(client, clientSecret);
    const players = await server.db.selectFrom('signup_players').innerJoin('signups', 'signups.id', 'signup_players.signup_id').innerJoin('events', 'events.id', 'signups.event_id').select('signup_players.position').where('events.event_number', '=', eventNumber).execute();
    expect(players.map((p) => p.position).sort()).toEqual([1, 2]);
  });

  it('closes sign-up after its last day and before its first, with the reason on the page', async () => {
    const ended = await newEvent({ signup: { closesOn: dayFromNow(-1) } });
    const early = await newEvent({ signup: { opensOn: dayFromNow(10) } });
    const client = server.client();
    const user = await signedInUser(client, 'dates');
    for (const eventNumber of [ended, early]) {
      const res = await client.post('/api/stripe/golf_signup_intent', golfTeam(eventNumber, '400.00'), { headers: user.authorization });
      expect(res.status).toBe(409);
      expect((res.json as unknown as Record<string, string>).eventNumber).toMatch(eventNumber === ended ? /^Sign-up closed on / : /^Sign-up opens on /);
    }
    expect(html((await client.get(`/events/${ended}`)).text)).toMatch(/Sign-up closed on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
  });
});

describe('drafts and publishing', () => {
  it('keeps a new event a draft off the public site until an admin publishes it; a volunteer cannot', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');

    const created = await submit(volunteer, '/admin/events/new?type=Benefit%20Event', {
      eventType: 'Benefit Event',
      name: 'Draft dinner',
      description: 'Not yet.',
      location: 'Shadyside, OH',
      eventDate: dayFromNow(30),
      price: '30.00',
      childPrice: '<script>alert(1)</script>',
      proceeds: '',
    });
    expect(created.status).toBe(200);
    expect(html(created.text)).toContain('The price per child must be an amount in dollars, like 400.00.');
    const saved = await submit(
      volunteer,
      '/admin/events/new?type=Benefit%20Event',
      { eventType: 'Benefit Event', name: 'Draft dinner', description: 'Not yet.', location: 'Shadyside, OH', eventDate: dayFromNow(30), price: '30.00', childPrice: '12.50', proceeds: '' },
    );
    expect(saved.status).toBe(302);
    const eventNumber = Number(/\/admin\/events\/(\d+)\/edit/.exec(locationOf(saved))![1]);
    expect((await server.client().get(`/events/${eventNumber}`)).status).toBe(404);
    expect((await server.client().get('/api/events/all')).text).not.toContain('Draft dinner');

    const refused = await submit(volunteer, '/admin/events', { intent: 'publish', eventNumber: String(eventNumber) });
    expect(html(refused.text)).toContain('Only an admin can publish.');
    const published = await submit(admin, '/admin/events', { intent: 'publish', eventNumber: String(eventNumber) });
    expect(html(published.text)).toContain(`Event ${eventNumber} is published: it is on the site now.`);
    const page = html((await server.client().get(`/events/${eventNumber}`)).text);
    expect(page).toContain('Draft dinner');

    const audit = await server.db.selectFrom('audit_log').select(['action', 'staff_email']).where('subject', '=', `event:${eventNumber}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['event_created', 'event_published']);
  });

  it('shows staff text escaped, and a page saved with a bad field is not saved', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const fields = await pageForm('golfers');
    const bad = await submit(admin, '/admin/pages/golfers', { ...fields, intent: 'publish', heading: '' });
    expect(html(bad.text)).toContain('Some fields need attention');
    const kept = html((await server.client().get('/golfers')).text);
    expect(kept).toContain(`>${fields.heading}</h1>`);

    const script = '<script>alert("x")</script> Pros';
    const intro = '<img src=x onerror=alert(1)>';
    const ok = await submit(admin, '/admin/pages/golfers', { ...fields, intent: 'publish', heading: script, intro });
    expect(html(ok.text)).toContain('Published: the page shows the change now.');
    const shown = (await server.client().get('/golfers')).text;
    expect(shown).not.toContain('<script>alert("x")</script>');
    expect(shown).not.toContain('<img src=x onerror');
    expect(shown).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Pros');
  });

  it('db:seed never overwrites a page staff published', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const current = (await server.db.selectFrom('site_content').select('data_json').where('page', '=', 'staff').executeTakeFirstOrThrow()).data_json;
    const data = JSON.parse(current) as { heading: string };
    const heading = `Our people ${Date.now().toString(36)}`;
    const res = await submit(admin, '/admin/pages/staff', { ...(await pageForm('staff')), intent: 'publish', heading });
    expect(html(res.text)).toContain('Published: the page shows the change now.');
    expect(data.heading).not.toBe(heading);

    const summary = await seedContent(server.db, testContentDir());
    expect(summary.keptStaffEdits).toContain('page:staff');
    expect(html((await server.client().get('/staff')).text)).toContain(heading);
  });
});
