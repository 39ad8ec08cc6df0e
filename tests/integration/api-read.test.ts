import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEvent } from '../../common/events';
import { todayInFoundationZone } from '../../common/dates';
import { upsertEvent, type EventInput } from '../../server/db/repositories/events';
import { fixtureEvent } from '../fixtures/fixture-content';
import { dayFromNow } from '../helpers/events';
import { startTestServer, testContent, type TestServer } from '../helpers/test-server';

const content = testContent();
const golf = fixtureEvent(content.events, 'Golf Event', 'upcoming');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pages: 'none' });
});
afterAll(() => server?.close());

const shiftDays = (iso: string, days: number) => {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const event = (overrides: Partial<EventInput> & Pick<EventInput, 'eventNumber'>): EventInput => ({
  eventType: 'Golf Event',
  name: `Test event ${overrides.eventNumber}`,
  description: 'A test event',
  location: 'Testburg, PA',
  eventDate: dayFromNow(60),
  startTime: '09:00',
  image: null,
  active: true,
  show_sponsor: false,
  sponsor: null,
  stats: [{ priceCents: 40000, text: 'per team' }],
  accomodations: [{ icon: 'golf', text: '18 holes' }],
  proceeds: 'Families',
  partnership_flyer: null,
  rules_flyer: null,
  capacity: null,
  ...overrides,
});

describe('GET /api/content/all', () => {
  it('answers the whole site content as one list, home carrying its announcements', async () => {
    const res = await server.client().get('/api/content/all');
    expect(res.status).toBe(200);
    const list = res.json as unknown as { page: string; data: Record<string, unknown> }[];
    expect(list.map((p) => p.page).sort()).toEqual(
      ['cof', 'family', 'family_of_the_year', 'gallery', 'golfers', 'home', 'privacy', 'scholarship', 'site', 'sponsors', 'staff', 'terms'].sort(),
    );
    // Each page as seeded; home carries the announcements, which are stored apart from it.
    for (const { page, data } of list) expect(data, page).toEqual(content[page as keyof typeof content]);
  });
});

describe('events', () => {
  const today = todayInFoundationZone();

  beforeAll(async () => {
    await upsertEvent(server.db, event({ eventNumber: 901, eventDate: shiftDays(today, -1), name: 'Yesterday' }));
    await upsertEvent(server.db, event({ eventNumber: 902, eventDate: today, name: 'Today', startTime: '18:00' }));
    await upsertEvent(server.db, event({ eventNumber: 903, eventDate: shiftDays(today, 1), name: 'Tomorrow but inactive', active: false }));
    await upsertEvent(server.db, event({ eventNumber: 904, eventDate: shiftDays(today, 2), name: 'In two days' }));
    await upsertEvent(server.db, event({ eventNumber: 905, eventDate: today, name: 'Today, earlier', startTime: '08:00' }));
  });

  it('upcoming: active events dated today or later, soonest first, as a bare array', async () => {
    const res = await server.client().get('/api/events/upcoming');
    expect(res.status).toBe(200);
    const events = res.json as unknown as ApiEvent[];
    expect(Array.isArray(events)).toBe(true);
    for (const e of events) {
      expect(e.active).toBe(true);
      expect(e.eventDate >= today).toBe(true);
    }
    const names = events.map((e) => e.name);
    expect(names).not.toContain('Yesterday');
    expect(names).not.toContain('Tomorrow but inactive');
    expect(names.indexOf('Today, earlier')).toBe(0);
    expect(names.indexOf('Today')).toBe(1);
    expect(names.indexOf('In two days')).toBe(2);
    const dates = events.map((e) => e.eventDate);
    expect(dates).toEqual([...dates].sort());
  });

  it('all: { event: [...] } newest eventNumber first, with the spec field names', async () => {
    const res = await server.client().get('/api/events/all');
    expect(res.status).toBe(200);
    const { event: events } = res.json as unknown as { event: ApiEvent[] };
    const numbers = events.map((e) => e.eventNumber);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(numbers).toEqual(expect.arrayContaining([...content.events.map((e) => e.eventNumber), 901, 905]));
    const seeded = events.find((e) => e.eventNumber === golf.eventNumber)!;
    expect(Object.keys(seeded)).toEqual(
      expect.arrayContaining(['eventType', 'description', 'location', 'eventDate', 'image', 'active', 'show_sponsor', 'sponsor', 'stats', 'accomodations', 'proceeds', 'partnership_flyer', 'rules_flyer']),
    );
    expect(seeded).toMatchObject({ name: golf.name, eventDate: golf.eventDate, sponsor: golf.sponsor, capacity: golf.capacity, accomodations: golf.accomodations });
  });

  it('one event by number, money as cents and as display text', async () => {
    const res = await server.client().get('/api/events/904');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      eventNumber: 904,
      name: 'In two days',
      active: true,
      stats: [{ priceCents: 40000, price: '$400.00', text: 'per team' }],
      accomodations: [{ icon: 'golf', text: '18 holes' }],
    });
  });

  it('an unknown number is a 404 and a non-number a 400, both field-keyed JSON', async () => {
    const missing = await server.client().get('/api/events/424242');
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ eventNumber: "Event 424242 doesn't exist." });
    // 0 is a number no event has, not a malformed one.
    for (const zero of ['0', '000']) {
      const res = await server.client().get(`/api/events/${zero}`);
      expect(res.status, zero).toBe(404);
      expect(res.json, zero).toEqual({ eventNumber: "Event 0 doesn't exist." });
    }
    for (const bad of ['abc', '1.5', '-3', '-0', '%3Cscript%3E', '99999999999999']) {
      const res = await server.client().get(`/api/events/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json, bad).toEqual({ eventNumber: 'Event number must be a positive whole number.' });
    }
  });

  it('an unknown API path is a JSON 404, not a page', async () => {
    const res = await server.client().get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.json).toEqual({ path: 'No API endpoint at GET /api/nothing/here.' });
  });
});

describe('caching', () => {
  it.each(['/api/content/all', '/api/events/upcoming', '/api/events/all', `/api/events/${golf.eventNumber}`])(
    '%s carries an ETag and Cache-Control, and answers 304 when unchanged',
    async (path) => {
      const first = await fetch(`${server.url}${path}`);
      const etag = first.headers.get('etag');
      expect(etag).toBeTruthy();
      expect(first.headers.get('cache-control')).toBe('no-cache');
      // node:http rather than fetch: fetch adds "Cache-Control: no-cache" to conditional requests.
      const status = await new Promise<number>((resolve, reject) => {
        get(`${server.url}${path}`, { headers: { 'if-none-match': etag! } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject);
      });
      expect(status).toBe(304);
    },
  );
});
