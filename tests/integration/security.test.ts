import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_CARD, signedInUser } from '../helpers/accounts';
import { waitForMail } from '../helpers/outbox';
import { fixtureEvent } from '../fixtures/fixture-content';
import { startTestServer, testContent, testDbKind, type TestServer } from '../helpers/test-server';

const { events } = testContent();
const golf = fixtureEvent(events, 'Golf Event', 'upcoming');
const benefit = fixtureEvent(events, 'Benefit Event', 'upcoming');

let server: TestServer;
/** Every line the server logged, parsed (the server logs at info level, like a real install). */
const logLines: Record<string, unknown>[] = [];
/** Emits 'line' for each of them as it is written. */
const logged = new EventEmitter();
beforeAll(async () => {
  const logger = pino(
    { level: 'info' },
    {
      write: (text: string) => {
        const line = JSON.parse(text) as Record<string, unknown>;
        logLines.push(line);
        logged.emit('line', line);
      },
    },
  );
  server = await startTestServer({ logger });
});
afterAll(() => server?.close());

/**
 * A request through node:http, which (unlike fetch) sends any method, TRACE included, and any Host
 * header. Any ≥32-character value works as the XSRF cookie and header pair.
 */
function rawRequest(
  method: string,
  urlPath: string,
  { headers = {}, body, xsrf = false }: { headers?: Record<string, string>; body?: unknown; xsrf?: boolean } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  const url = new URL(urlPath, server.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const token = 'x'.repeat(43);
  const allHeaders: Record<string, string> = {
    ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }),
    ...(xsrf ? { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token } : {}),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, method, path: `${url.pathname}${url.search}`, headers: allHeaders }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** The server logs a request once its response has finished: wait for that line. */
function requestLogLine(requestId: string): Promise<Record<string, unknown>> {
  const isIt = (l: Record<string, unknown>) => (l.req as { id?: string } | undefined)?.id === requestId && 'res' in l;
  const line = logLines.find(isIt);
  if (line) return Promise.resolve(line);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      logged.off('line', onLine);
      reject(new Error(`no request log line for ${requestId}`));
    }, 5000);
    const onLine = (l: Record<string, unknown>) => {
      if (!isIt(l)) return;
      clearTimeout(timer);
      logged.off('line', onLine);
      resolve(l);
    };
    logged.on('line', onLine);
  });
}

const linesOf = (requestId: string) => logLines.filter((l) => (l.req as { id?: string } | undefined)?.id === requestId);

describe('Content-Security-Policy', () => {
  it('allows only same-origin scripts and, on a page, exactly its own inline scripts by hash', async () => {
    const client = server.client();
    const page = await client.get('/');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('nonce-');
    expect(csp).toMatch(/style-src 'self';/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toContain('stripe.com'); // Stripe's sources only on sites configured for Stripe
    expect(page.headers.get('content-security-policy')).toBe(csp); // one policy, not two appended
    const allowed = new Set(/script-src ([^;]*)/.exec(csp)![1]!.split(' ').filter((s) => s.startsWith("'sha256-")));
    // Executable inline scripts; JSON-LD data blocks are never run, so CSP does not apply to them.
    const inline = [...page.text.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body!).filter(Boolean);
    expect(inline.length).toBeGreaterThan(2);
    for (const body of inline) expect(allowed.has(`'sha256-${createHash('sha256').update(body).digest('base64')}'`), body.slice(0, 80)).toBe(true);
    expect(allowed.size).toBe(new Set(inline).size); // nothing allowed that the page does not hold
    // Anything else (the API, files) allows no inline script at all.
    const api = await client.get('/api/events/upcoming');
    expect(/script-src ([^;]*)/.exec(api.headers.get('content-security-policy')!)![1]).toBe("'self'");
  });

  it('sends no HSTS outside production and gives every response a request id', async () => {
    const res = await server.client().get('/api/events/all');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('compresses responses', async () => {
    const res = await fetch(`${server.url}/api/content/all`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});

describe('XSRF double submit', () => {
  it('sets a readable XSRF-TOKEN cookie on the first visit', async () => {
    const res = await fetch(`${server.url}/`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it('rejects an unsafe /api call without the header, or with a header that does not match', async () => {
    const client = server.client();
    await client.get('/');
    const without = await client.post('/api/user/login', { email: 'a@example.org' }, { xsrf: false });
    expect(without.status).toBe(403);
    expect(without.json).toEqual({ xsrf: 'Missing or invalid XSRF token. Reload the page and try again.' });
    const wrong = await client.post('/api/user/login', {}, { xsrf: false, headers: { 'x-xsrf-token': 'x'.repeat(43) } });
    expect(wrong.status).toBe(403);
    const noCookie = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'x-xsrf-token': client.xsrfToken!, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCookie.status).toBe(403);
  });

  it('lets a matching header through, and never blocks reads or the payment webhook', async () => {
    const client = server.client();
    await client.get('/');
    const matched = await client.post('/api/user/nothing', {});
    expect(matched.status).toBe(404); // past the XSRF check: no such endpoint yet
    expect((await server.client().get('/api/events/all')).status).toBe(200);
    // No XSRF pair, yet the webhook answers for itself: this site has no Stripe keys, so it refuses the body.
    const webhook = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(webhook.status).toBe(400);
    expect(await webhook.json()).not.toHaveProperty('xsrf');
  });

  it('holds whatever the letter case of /api (Express routes /API/… to the same endpoints)', async () => {
    const client = server.client();
    await client.get('/');
    for (const path of ['/API/user/forgot', '/Api/user/forgot', '/aPi/stripe/donation_intent', '/API/USER/LOGIN']) {
      const withCookieOnly = await client.post(path, { email: 'a@example.org' }, { xsrf: false });
      expect(withCookieOnly.status, path).toBe(403);
      expect(withCookieOnly.json, path).toEqual({ xsrf: 'Missing or invalid XSRF token. Reload the page and try again.' });
      const bare = await fetch(`${server.url}${path}`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
      expect(bare.status, path).toBe(403);
    }
    // These really are the API's endpoints: with the header, the request gets past the check.
    const checked = await client.post('/API/user/forgot', { email: 'nonsense' });
    expect(checked.status).toBe(400);
    expect(checked.json).toHaveProperty('email');
  });
});

describe('request bodies', () => {
  it('answers malformed JSON with a field-keyed 400 and an oversized body with 413', async () => {
    const client = server.client();
    await client.get('/');
    const malformed = await client.request('POST', '/api/events/all', { body: '{"amount": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ body: 'The request body is not valid JSON.' });
    const huge = await client.post('/api/events/all', { message: 'x'.repeat(200_000) });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ body: 'The request body is too large.' });
  });
});

describe('hostile or broken addresses', () => {
  it('answers undecodable paths with 400, never 500', async () => {
    for (const path of ['/api/events/%E0%A4%A', '/%E0%A4%A', '/events/%E0%A4%A']) {
      const res = await server.client().get(path);
      expect(res.status, path).toBe(400);
    }
    expect((await server.client().get('/api/events/%E0%A4%A')).json).toEqual({ path: 'This address is not valid.' });
  });

  it('answers a Host header or request target the page renderer cannot parse with 400, never 500', async () => {
    const target = new URL(server.url);
    const send = (path: string, host: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: target.hostname, port: target.port, method: 'GET', path, headers: { host } }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      });
    const errorsBefore = logLines.filter((l) => Number(l.level) >= 50).length;
    expect(await send('/register', 'localhost:99999')).toBe(400);
    expect(await send('/robots.txt', 'a b')).toBe(400);
    expect(await send('http://evil.example/', 'evil.example')).toBe(400);
    expect(await send('/events', `127.0.0.1:${target.port}`)).toBe(200);
    expect(logLines.filter((l) => Number(l.level) >= 50).length).toBe(errorsBefore);
  });

  it('never serves files outside the media folder', async () => {
    for (const path of ['/media/..%2f..%2fpackage.json', '/media/%2e%2e/package.json', '/media/../package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await server.client().get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.text, path).not.toContain('"dependencies"');
    }
  });
});

describe('production settings', () => {
  it('sends HSTS and Secure cookies when NODE_ENV=production, and canonical links on PUBLIC_URL', async () => {
    const prod = await startTestServer({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 's'.repeat(48),
        PUBLIC_URL: 'https://www.example.org/',
        ALLOW_SIMULATED_PAYMENTS: 'true',
        MAIL_OUTBOX_IN_PRODUCTION: 'true',
      },
    });
    try {
      const res = await fetch(`${prod.url}/api/events/all`);
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/Secure/i);
      const page = await (await fetch(`${prod.url}/events?utm_source=facebook`)).text();
      expect(page).toContain('<link rel="canonical" href="https://www.example.org/events"/>');
    } finally {
      await prod.close();
    }
  });
});

describe('unexpected failures', () => {
  it('become a 500 with a request id and no stack trace; /healthz reports the database down', async () => {
    const broken = await startTestServer({ pages: 'none' });
    try {
      expect((await broken.client().get('/healthz')).json).toEqual({ status: 'ok', database: 'ok' });
      await broken.db.destroy(); // the database goes away under the running app
      const res = await broken.client().get('/api/events/all');
      expect(res.status).toBe(500);
      const body = res.json as unknown as { server: string; requestId: string };
      expect(body.requestId).toBe(res.headers.get('x-request-id'));
      expect(body.server).toContain(body.requestId);
      expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(res.text).not.toMatch(/Error:/);
      const health = await broken.client().get('/healthz');
      expect(health.status).toBe(503);
      expect(health.json).toEqual({ status: 'error', database: 'unreachable' });
    } finally {
      await broken.close().catch(() => undefined); // its database was already closed above
    }
  });
});

describe('the request log', () => {
  it('keeps neither the keys of reset, set-up, verification, receipt and statement links nor query strings', async () => {
    const token = 'Zr8kQwXy3vN0pLm5tGh7jKd2sFa9cVb1eRu4iOo6yTw';
    const paths = [
      `/reset/${token}`,
      `/RESET/${token}?utm_source=mail`,
      `/reset/${token}.data`,
      '/events?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_s3cr3tValue&email=donor%40example.org',
      // Review finding 2: set-up, verification, receipt and statement links carry keys too.
      `/admin/invite/${token}`,
      `/Admin/Invite/${token}.data`,
      `/verify/${token}`,
      `/receipts/1/${token}`,
      `/api/receipts/1/${token}/pdf`,
      `/api/statements/1/2026/${token}/pdf`,
    ];
    for (const path of paths) {
      const res = await fetch(`${server.url}${path}`);
      await res.text();
      const line = await requestLogLine(res.headers.get('x-request-id')!);
      const url = (line.req as { url: string }).url;
      expect(url, path).not.toContain('?');
      expect(url, path).not.toContain(token);
      if (path.toLowerCase().startsWith('/reset/')) expect(url, path).toMatch(/^\/reset\/\[redacted\]$/i);
    }
    const everything = JSON.stringify(logLines);
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('s3cr3tValue');
    expect(everything).not.toContain('donor%40example.org');
    expect(everything).toContain('"url":"/events"');
  });
});

describe('methods the pages do not take', () => {
  it('TRACE and other methods on a page or /healthz get 405 with Allow, never a 500 or an error log', async () => {
    const cases: [string, string][] = [
      ['TRACE', '/'],
      ['TRACE', '/healthz'],
      ['TRACE', `/events/${golf.eventNumber}`],
      ['PROPFIND', '/'],
      ['PUT', '/events'],
      ['DELETE', '/gallery'],
      ['POST', '/healthz'],
      ['PUT', '/healthz'],
    ];
    for (const [method, path] of cases) {
      const res = await rawRequest(method, path);
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.allow, `${method} ${path}`).toBe('GET, HEAD');
      expect(res.text).not.toMatch(/Error|\bat /);
      const requestId = String(res.headers['x-request-id']);
      if (path !== '/healthz') expect((await requestLogLine(requestId)).level, `${method} ${path}`).toBe(40); // a warning
      for (const line of linesOf(requestId)) expect(line.level as number, `${method} ${path}`).toBeLessThan(50);
    }
    expect(logLines.filter((line) => (line.level as number) >= 50 && /HTTP method/i.test(JSON.stringify(line)))).toEqual([]);
    // The methods the site does use still work.
    expect((await rawRequest('GET', '/healthz')).status).toBe(200);
    expect((await rawRequest('HEAD', '/healthz')).status).toBe(200);
    expect((await rawRequest('HEAD', '/events')).status).toBe(200);
  });
});

describe('links are never built from the Host header', () => {
  const evil = { host: 'evil.example' };

  it('the password-reset mail links to the server itself, whatever Host the request named', async () => {
    const { account } = await signedInUser(server.client(), 'hostpoison');
    const res = await rawRequest('POST', '/api/user/forgot', { headers: { ...evil, 'x-forwarded-host': 'evil.example' }, body: { email: account.email }, xsrf: true });
    expect(res.status).toBe(200);
    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to.includes(account.email) && m.subject === 'Reset your password');
    const link = /https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${server.url}/reset/`)).toBe(true);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html ?? '').not.toContain('evil.example');
  });

  it('the sitemap, robots.txt, canonical URL and JSON-LD name the server itself', async () => {
    const sitemap = await rawRequest('GET', '/sitemap.xml', { headers: evil });
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).not.toContain('evil.example');
    expect(sitemap.text).toContain(`<loc>${server.url}/</loc>`);
    const robots = await rawRequest('GET', '/robots.txt', { headers: evil });
    expect(robots.text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    for (const path of ['/', `/events/${golf.eventNumber}`]) {
      const page = await rawRequest('GET', path, { headers: evil });
      expect(page.status, path).toBe(200);
      expect(page.text, path).not.toContain('evil.example');
      expect(page.text, path).toContain(`<link rel="canonical" href="${server.url}${path}"/>`);
      expect(page.text, path).toContain(`"url":"${server.url}/`);
    }
  });
});

describe('file permissions', () => {
  it('keeps the data folder, the SQLite database and the mail outbox readable by the owner only', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'foundation-perms-'));
    const dataDir = path.join(root, 'data');
    const sqliteFile = path.join(root, 'db', 'site.sqlite');
    const site = await startTestServer({
      pages: 'none',
      env: { DATA_DIR: dataDir, ...(testDbKind() === 'sqlite' ? { DATABASE_URL: sqliteFile } : {}) },
    });
    try {
      const mode = (file: string) => statSync(file).mode & 0o777;
      expect(mode(dataDir)).toBe(0o700);
      if (testDbKind() === 'sqlite') {
        expect(mode(path.dirname(sqliteFile))).toBe(0o700);
        const files = readdirSync(path.dirname(sqliteFile));
        expect(files).toEqual(expect.arrayContaining(['site.sqlite', 'site.sqlite-wal', 'site.sqlite-shm']));
        for (const file of files) expect(mode(path.join(path.dirname(sqliteFile), file)), file).toBe(0o600);
      }
      const client = site.client();
      const { account } = await signedInUser(client, 'perms');
      expect((await client.post('/api/user/forgot', { email: account.email })).status).toBe(200);
      const mail = await waitForMail(site.config.mail.outboxDir, (m) => m.to.includes(account.email) && m.subject === 'Reset your password');
      expect(mode(site.config.mail.outboxDir)).toBe(0o700);
      expect(mode(mail.file)).toBe(0o600);
    } finally {
      await site.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('input PostgreSQL cannot store (review finding 7)', () => {
  it('NUL bytes in any text field and numbers past a database integer get a field error, never a 500, on either database', async () => {
    const client = server.client();
    const user = await signedInUser(client, 'nul');
    const auth = { headers: user.authorization };
    const nul = (s: string) => `${s}\u0000`;
    const cases: [string, unknown, string, Record<string, string>?][] = [
      ['/api/user/register', { first: nul('Ann'), last: 'Lee', username: 'annlee', email: 'ann@example.org', password: 'correct-horse-7', password2: 'correct-horse-7' }, 'first'],
      ['/api/user/register', { first: 'Ann', last: nul('Lee'), username: 'annlee', email: 'ann@example.org', password: 'correct-horse-7', password2: 'correct-horse-7' }, 'last'],
      ['/api/user/login', { email: 'a\u0000b@example.org', password: 'whatever-123' }, 'email'],
      ['/api/user/forgot', { email: 'a\u0000b@example.org' }, 'email'],
      ['/api/stripe/donation_intent', { amount: '5', email: 'a@example.org', message: nul('hi') }, 'message'],
      ['/api/stripe/save_donation', { amount: '5', token: nul('pi_1_secret_2') }, 'token'],
      ['/api/stripe/steakfry_signup_intent', { eventNumber: benefit.eventNumber, amount: '25', receiptEmail: 'a@example.org', attendees: [{ name: nul('Sam'), allergies: '' }] }, 'attendee-0-name', auth.headers],
      ['/api/stripe/steakfry_signup_intent', { eventNumber: benefit.eventNumber, amount: '25', receiptEmail: 'a@example.org', attendees: [{ name: 'Sam', allergies: nul('nuts') }] }, 'attendee-0-allergies', auth.headers],
      ['/api/stripe/gaming_signup_intent', { eventNumber: 2147483648, teamName: 'x' }, 'eventNumber', auth.headers],
      ['/api/stripe/golf_signup_intent', { eventNumber: 3e9 }, 'eventNumber', auth.headers],
      ['/api/stripe/steakfry_signup_intent', { eventNumber: 2 ** 53 + 1 }, 'eventNumber', auth.headers],
    ];
    for (const [path, body, field, headers] of cases) {
      const res = await client.post(path, body, { headers });
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(res.json, `${path} ${field}`).toHaveProperty(field);
    }
    const confirm = await client.post('/api/payments/simulated/confirm', { clientSecret: nul('pi_1_secret_2'), number: '4242 4242 4242 4242', expiry: GOOD_CARD.expiry, cvc: '123', zip: '12345' });
    expect(confirm.status).toBe(400);
    expect(Object.keys(confirm.json)).toEqual(['card']);
    expect((await client.get('/api/events/2147483648')).status).toBe(400);
    expect((await client.get('/events/2147483648')).status).toBe(404);
    expect(logLines.filter((l) => Number(l.level) >= 50)).toEqual([]);
  });
});

describe('the simulated card form', () => {
  it('takes card details of at most 4 kB (its own limit applies, not the API-wide 100 kB; review finding 22)', async () => {
    const client = server.client();
    await client.get('/');
    const big = await client.post('/api/payments/simulated/confirm', { clientSecret: 'pi_1_secret_2', number: '4242', expiry: GOOD_CARD.expiry, cvc: '123', zip: '12345', pad: 'x'.repeat(5000) });
    expect(big.status).toBe(413);
    expect(big.json).toEqual({ body: 'The request body is too large.' });
  });
});
