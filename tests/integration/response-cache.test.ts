import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawHttp as raw } from '../helpers/raw-http';
import { createLogger } from '../../server/logger';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { fillPath, PUBLIC_PAGES } from '../../common/public-pages';

const PROBE = 'Cache Probe Foundation';

/** Renames the site in the database without moving any change mark: only a cached page keeps the old name. */
async function renameSiteQuietly(server: TestServer, name: string) {
  const row = await server.db.selectFrom('site_content').select(['data_json']).where('page', '=', 'site').executeTakeFirstOrThrow();
  const site = JSON.parse(row.data_json) as { name: string };
  const before = site.name;
  await server.db
    .updateTable('site_content')
    .set({ data_json: JSON.stringify({ ...site, name }) })
    .where('page', '=', 'site')
    .execute();
  return before;
}

/** Starts a payment, pays it with the test card and saves it, as the payment dialogs do. */
async function paid(client: ApiClient, intentPath: string, body: Record<string, unknown>, headers: Record<string, string>, save: string) {
  const created = await client.post(intentPath, body, { headers });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  expect((await client.post(`/api/stripe/${save}`, { amount: body.amount, token: secret }, { headers })).status).toBe(200);
}

const touchContent = (server: TestServer) =>
  server.db.updateTable('site_content').set({ updated_at: new Date(Date.now() + 1000).toISOString() }).where('page', '=', 'site').execute();

describe('the response cache (ADR 029)', () => {
  let server: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(now) });
  });
  afterAll(() => server?.close());

  it('serves a public page from memory until the data behind it changes, then renders it again', async () => {
    const first = await server.client().get('/scholarship');
    const name = await renameSiteQuietly(server, PROBE);
    expect(first.text).toContain(name);
    const cached = await server.client().get('/scholarship?utm_source=social');
    expect(cached.text).toBe(first.text); // the query string does not make a new page
    await touchContent(server);
    const fresh = await server.client().get('/scholarship');
    expect(fresh.text).toContain(PROBE);
    expect(fresh.headers.get('etag')).not.toBe(first.headers.get('etag'));
    await renameSiteQuietly(server, name);
    await touchContent(server);
  });

  it('keeps the read API the same way, and answers a signed-in call afresh', async () => {
    const first = await server.client().get('/api/content/all');
    await renameSiteQuietly(server, PROBE);
    expect((await server.client().get('/api/content/all')).text).toBe(first.text);
    const signedIn = await server.client().request('GET', '/api/content/all', { headers: { authorization: 'Bearer x' } });
    expect(signedIn.text).toContain(PROBE);
    await touchContent(server);
    expect((await server.client().get('/api/content/all')).text).toContain(PROBE);
  });

  it('renders again once its time window has passed on the site clock (dates and held places move with time)', async () => {
    const before = await server.client().get('/sponsors');
    const name = await renameSiteQuietly(server, `${PROBE} 2`);
    expect((await server.client().get('/sponsors')).text).toBe(before.text);
    now += server.config.pageCache.ttlMs;
    expect((await server.client().get('/sponsors')).text).toContain(`${PROBE} 2`);
    await renameSiteQuietly(server, name);
    await touchContent(server);
  });

  it('a gift leaves every public page cached; a sign-up renders again its event’s page alone', async () => {
    const full = 8700 + Math.floor(Math.random() * 200);
    const other = full + 300;
    await createTestEvent(server.db, { eventNumber: full, capacity: 10 });
    await createTestEvent(server.db, { eventNumber: other, capacity: 10 });
    const paths = ['/', '/sponsors', '/events', `/events/${full}`, `/events/${other}`];
    const before = new Map<string, string>();
    for (const path of paths) before.set(path, (await server.client().get(path)).text);
    expect(before.get(`/events/${full}`)).toContain('10 team places left');
    const name = await renameSiteQuietly(server, `${PROBE} 5`);

    const donor = server.client();
    await donor.get('/api/events/upcoming');
    await paid(donor, '/api/stripe/donation_intent', { amount: '25.00', email: 'gift@example.org', message: '' }, {}, 'save_donation');
    for (const path of paths) expect((await server.client().get(path)).text, `${path} after a gift`).toBe(before.get(path));

    const captain = server.client();
    const { authorization } = await signedInUser(captain, 'cachecaptain');
    const players = [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, `Player ${n}`],
      [`player${n}Email`, n === 1 ? 'captain@example.org' : ''],
      [`player${n}ShirtSize`, 'L'],
    ]);
    const team = { eventNumber: full, eventDescription: 'Golf outing', amount: '400.00', receiptEmail: 'captain@example.org', ...Object.fromEntries(players) };
    await paid(captain, '/api/stripe/golf_signup_intent', team, authorization, 'save_golf_signup');
    const eventPage = await server.client().get(`/events/${full}`);
    expect(eventPage.text).toContain('9 team places left');
    expect(eventPage.text).toContain(`${PROBE} 5`);
    for (const path of paths.filter((p) => p !== `/events/${full}`)) expect((await server.client().get(path)).text, `${path} after a sign-up`).toBe(before.get(path));
    await renameSiteQuietly(server, name);
    await touchContent(server);
  });

  it('never keeps a draft preview, a missing page or a page that is not public', async () => {
    await server.client().get('/terms');
    await server.client().get('/login');
    const name = await renameSiteQuietly(server, `${PROBE} 3`);
    expect((await server.client().get('/terms?preview=draft')).text).toContain(`${PROBE} 3`);
    expect((await server.client().get('/no-such-page')).status).toBe(404);
    expect((await server.client().get('/no-such-page')).text).toContain(`${PROBE} 3`);
    expect((await server.client().get('/account')).headers.get('location')).toBe('/login');
    // A visitor with a session cookie is not anonymous: Login answers them itself (ADR 043).
    expect((await server.client().request('GET', '/login', { headers: { cookie: 'session=not-a-live-one' } })).text).toContain(`${PROBE} 3`);
    expect((await server.client().get('/login')).text).not.toContain(`${PROBE} 3`);
    // Login reads its query (the "registered" notice): with one it is answered afresh.
    const registered = await server.client().get('/login?registered&email=ann%40example.org');
    expect(registered.text).toContain(`${PROBE} 3`);
    expect(registered.text).toContain('Successfully registered! You can now log in.');
    expect((await server.client().get('/events/999999')).status).toBe(404);
    expect((await server.client().get('/api/events/999999')).status).toBe(404);
    await renameSiteQuietly(server, name);
    await touchContent(server);
  });

  it('sends the stored bytes in brotli, gzip or plain as asked, with one ETag and 304 when the browser has them', async () => {
    const base = server.url;
    const plain = await raw(base, '/events');
    const br = await raw(base, '/events', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await raw(base, '/events', { 'accept-encoding': 'gzip' });
    const none = await raw(base, '/events', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    for (const res of [br, gz, none]) expect(res.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    const again = await raw(base, '/events', { 'if-none-match': String(plain.headers.etag), 'accept-encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await raw(base, '/events', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(plain.body.length));
  });

  it('keeps the security headers and the page CSP, and gives a visitor without one an XSRF cookie', async () => {
    const uncached = await raw(server.url, '/gallery');
    const cached = await raw(server.url, '/gallery', { cookie: 'XSRF-TOKEN=abcdefghijklmnopqrstuvwxyz0123456789ABCD' });
    for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy', 'content-type']) {
      expect(cached.headers[name], name).toBe(uncached.headers[name]);
    }
    expect(cached.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(String(uncached.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{40,}; Path=\/; SameSite=Strict/);
    expect(cached.headers['set-cookie']).toBeUndefined();
    expect(cached.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves Cross-Origin-Opener-Policy off the public answers only: every other answer keeps it (ADR 038)', async () => {
    for (const path of ['/', '/login', '/events', '/api/events/upcoming']) {
      const res = await raw(server.url, path);
      expect(res.status, path).toBe(200);
      expect(res.headers['cross-origin-opener-policy'], path).toBeUndefined();
      expect(res.headers['x-frame-options'], path).toBe('SAMEORIGIN');
    }
    for (const path of ['/dashboard', '/account', '/admin/login', '/healthz', '/no-such-page']) {
      expect((await raw(server.url, path)).headers['cross-origin-opener-policy'], path).toBe('same-origin');
    }
  });

  it('makes a page once however many visitors ask for it at the same moment', async () => {
    await touchContent(server);
    const answers = await Promise.all(Array.from({ length: 20 }, () => raw(server.url, '/family')));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
  });
});

describe('the request log of cached answers', () => {
  const lines: Record<string, unknown>[] = [];
  let server: TestServer;
  beforeAll(async () => {
    // Between checks of the change marks, so that answers come from memory without Express.
    server = await startTestServer({ env: { PAGE_CACHE_CHECK_MS: '60000' }, logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }) });
  });
  afterAll(() => server?.close());

  it('has a line for every answer from memory, with the id the answer carried and the cleaned URL', async () => {
    await raw(server.url, '/events'); // made and stored
    const answers = [await raw(server.url, '/events?email=jane.doe%40example.org'), await raw(server.url, '/api/events/upcoming'), await raw(server.url, '/api/events/upcoming', { 'if-none-match': '"x"' })];
    for (const answer of answers) {
      const id = String(answer.headers['x-request-id']);
      const line = lines.find((l) => (l.req as { id?: string } | undefined)?.id === id);
      expect(line, id).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET' }, res: { statusCode: answer.status } });
      expect(typeof line!.responseTime).toBe('number');
    }
    const first = lines.find((l) => (l.req as { id?: string } | undefined)?.id === answers[0]!.headers['x-request-id']);
    expect(JSON.stringify(first)).not.toContain('jane.doe');
  });
});

describe.runIf(testDbKind() === 'postgres')('the response cache on two instances', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ sameDatabaseAs: a, env: { PAGE_CACHE_CHECK_MS: '300' } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a change written through one instance reaches the other within its check interval', async () => {
    const first = await b.client().get('/staff');
    const name = await renameSiteQuietly(a, PROBE);
    expect(first.text).toContain(name);
    await touchContent(a);
    await new Promise((r) => setTimeout(r, 400));
    expect((await b.client().get('/staff')).text).toContain(PROBE);
    await renameSiteQuietly(a, name);
    await touchContent(a);
  });
});

describe('the response cache between checks of the change marks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PAGE_CACHE_CHECK_MS: '60000' } });
  });
  afterAll(() => server?.close());

  it('answers a current page without Express, with the same headers, its own request id and the usual refusals', async () => {
    const first = await raw(server.url, '/golfers', { 'accept-encoding': 'br' });
    const second = await raw(server.url, '/golfers', { 'accept-encoding': 'br', 'x-request-id': 'proxy-id-12345' });
    expect(second.body.equals(first.body)).toBe(true);
    const same = (h: Record<string, unknown>) => Object.fromEntries(Object.entries(h).filter(([k]) => !['date', 'x-request-id', 'set-cookie'].includes(k)));
    expect(same(second.headers)).toEqual(same(first.headers));
    expect(second.headers['x-request-id']).toBe('proxy-id-12345');
    expect(String(second.headers['set-cookie'])).toMatch(/^XSRF-TOKEN=[\w-]{40,}; Path=\/; SameSite=Strict$/);
    // Between checks a quiet change is not seen: the answer came from memory, not from a render.
    const name = await renameSiteQuietly(server, PROBE);
    await touchContent(server);
    expect((await raw(server.url, '/golfers')).body.toString()).toContain(name);
    // A Host the renderer cannot use still gets its 400, and a draft preview is rendered.
    expect((await raw(server.url, '/golfers', { host: 'a b' })).status).toBe(400);
    expect((await raw(server.url, '/golfers?preview=draft')).body.toString()).toContain(PROBE);
    // A back-office write through this instance clears its cache at once.
    await raw(server.url, '/admin/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'POST');
    expect((await raw(server.url, '/golfers')).body.toString()).toContain(PROBE);
    await renameSiteQuietly(server, name);
  });
});

describe('a cached answer is the app’s own answer', () => {
  let cached: TestServer;
  let uncached: TestServer;
  beforeAll(async () => {
    // One site address for both: pages carry it (canonical links, structured data).
    const site = { PUBLIC_URL: 'http://foundation.test' };
    cached = await startTestServer({ env: site });
    uncached = await startTestServer({ sameDatabaseAs: cached, env: { ...site, PAGE_CACHE: 'false' } });
  });
  afterAll(async () => {
    await uncached?.close();
    await cached?.close();
  });

  // Each request has its own id, date and XSRF cookie; how the bytes travel depends on the encoding.
  const PER_ANSWER = new Set(['date', 'x-request-id', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length', 'etag']);
  const shared = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

  it('has every header the app sends, for every cached public page and the read API', async () => {
    const eventNumber = 9100 + Math.floor(Math.random() * 500);
    await createTestEvent(cached.db, { eventNumber, capacity: 10 });
    const slug = `cache-campaign-${eventNumber}`;
    const now = new Date().toISOString();
    const day = now.slice(0, 10);
    await cached.db
      .insertInto('campaigns')
      .values({ slug, name: 'Cache campaign', story: 'A story.', image_json: null, goal_cents: 10_000, starts_on: day, ends_on: day, family_year: null, published: 1, created_at: now, updated_at: now })
      .execute();
    const album = /href="(\/gallery\/[A-Za-z0-9_-]+)"/.exec((await raw(uncached.url, '/gallery')).body.toString())?.[1];
    const pages = PUBLIC_PAGES.filter((page) => page.cached && (page.path !== '/gallery/:token' || album)).map((page) =>
      page.path === '/gallery/:token' ? album! : fillPath(page.path, { eventNumber, slug }),
    );
    const paths = [...pages, '/api/events/upcoming', '/api/events/all', `/api/events/${eventNumber}`, '/api/content/all'];
    expect(paths.length).toBeGreaterThan(18);
    for (const path of paths) {
      for (const encoding of ['identity', 'gzip']) {
        const asked = { 'accept-encoding': encoding };
        const app = await raw(uncached.url, path, asked);
        await raw(cached.url, path, asked); // made and stored
        const replayed = await raw(cached.url, path, asked);
        expect(app.status, path).toBe(200);
        expect(replayed.status, path).toBe(200);
        expect(shared(replayed.headers), `${path} (${encoding})`).toEqual(shared(app.headers));
        expect(replayed.headers['x-request-id'], path).toMatch(/^[0-9a-f-]{36}$/);
        expect(String(replayed.headers['set-cookie']), path).toMatch(/^XSRF-TOKEN=[\w-]{40,}; Path=\/; SameSite=Strict$/);
        // The read API's ETag is Express's own; a page gets one from the cache, for 304s.
        if (path.startsWith('/api/')) expect(replayed.headers.etag, path).toBe(app.headers.etag);
        else expect(replayed.headers.etag, path).toMatch(/^W\/"[\w-]{27}"$/);
        // Each render marks its own inline scripts with a new nonce (ADR 042): the rest is the same.
        const text = (answer: { body: Buffer; headers: Record<string, unknown> }) =>
          (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString().replace(/ nonce="[\w-]+"/g, '');
        expect(text(replayed), `${path} (${encoding}) body`).toBe(text(app));
      }
    }
  });
});
