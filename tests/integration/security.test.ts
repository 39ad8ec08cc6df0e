import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('Content-Security-Policy', () => {
  it('allows only same-origin scripts and the per-request nonce, which the page scripts carry', async () => {
    const client = server.client();
    const first = await client.get('/');
    const second = await client.get('/');
    const csp = first.headers.get('content-security-policy')!;
    const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).not.toContain('stripe.com'); // Stripe's sources only on sites configured for Stripe
    // Executable inline scripts; JSON-LD data blocks are never run, so CSP does not apply to them.
    const inlineScripts = [...first.text.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attrs] of inlineScripts) expect(attrs).toContain(`nonce="${nonce}"`);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
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
    const webhook = await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(webhook.status).not.toBe(403);
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
      env: { NODE_ENV: 'production', JWT_SECRET: 's'.repeat(48), PUBLIC_URL: 'https://www.example.org/', ALLOW_SIMULATED_PAYMENTS: 'true' },
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
