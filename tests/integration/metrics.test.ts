import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard } from '../helpers/accounts';
import { startTestServer, testContent, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/** GET /metrics and /readyz (ADR 034) on the real app, pages included (the response cache's fast path). */

const TOKEN = 'metrics-test-token-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer({
    // A long check interval lets the response cache answer pages before Express (its fast path).
    env: { METRICS_TOKEN: TOKEN, PAGE_CACHE_CHECK_MS: '60000', SHUTDOWN_DRAIN_MS: '500' },
  });
  client = server.client();
  await client.get('/api/events/upcoming');
});
afterAll(() => server?.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format, strictly: every line a comment or `name{labels} value`, every metric with HELP and TYPE. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  const described = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) .+$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE') described.add(comment[2]!);
      continue;
    }
    // prom-client writes NaN as "Nan" (an event-loop lag with no samples yet); Prometheus reads
    // it with Go's ParseFloat, which takes NaN in any case.
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/.exec(line);
    expect(sample, line).not.toBeNull();
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample![2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    const name = sample![1]!;
    expect([...described].some((base) => name === base || name.startsWith(`${base}_`)), `${name} has a TYPE`).toBe(true);
    samples.push({ name, labels, value: Number(sample![3]) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`${server.url}/metrics`, { headers: bearer });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return parseMetrics(await res.text());
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);

describe('GET /metrics', () => {
  it('is a 404 like any unknown path without METRICS_TOKEN, and wants the bearer token with it', async () => {
    const off = await startTestServer({ sameDatabaseAs: server });
    try {
      const metrics = await fetch(`${off.url}/metrics`, { headers: bearer });
      const unknown = await fetch(`${off.url}/no-such-page`);
      expect(metrics.status).toBe(404);
      expect(metrics.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    } finally {
      await off.close();
    }
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN, 'Bearer ']) {
      const res = await fetch(`${server.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await res.text()).not.toContain('http_requests_total');
    }
    expect((await fetch(`${server.url}/metrics`, { method: 'POST', headers: bearer })).status).toBe(405);
  });

  it("parses, with the process's default metrics and per-instance job counters", async () => {
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of ['process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds', 'foundation_database_up', 'foundation_payment_sweep_runs_total', 'foundation_mail_deliveries_total']) {
      expect(names, name).toContain(name);
    }
    expect(value(samples, 'foundation_database_up')).toBe(1);
    // The start-up sweep has run (or is running) once.
    await expect.poll(async () => value(await scrape(), 'foundation_payment_sweep_runs_total', { result: 'ok' })).toBeGreaterThanOrEqual(1);
    // The pool is PostgreSQL's; SQLite has one connection and shows none.
    expect(names.has('foundation_db_pool_connections')).toBe(testDbKind() === 'postgres');
  });

  it('labels requests by route pattern, never by address, and counts the pages the cache answers before Express', async () => {
    const event = testContent().events[0]!.eventNumber;
    const before = await scrape();
    const golfers = { method: 'GET', route: '/golfers', status: '200' };
    for (let i = 0; i < 3; i += 1) expect((await client.get('/golfers')).status).toBe(200);
    expect((await client.get(`/api/events/${event}`)).status).toBe(200);
    expect((await client.get('/api/events/987654')).status).toBe(404);
    expect((await client.get(`/events/${event}`)).status).toBe(200);
    expect((await client.get('/no/such/page/4711')).status).toBe(404);
    expect((await client.get('/api/no-such-call')).status).toBe(404);
    const after = await scrape();
    const added = (labels: Record<string, string>) => value(after, 'http_requests_total', labels) - value(before, 'http_requests_total', labels);
    // The first /golfers renders through Express and fills the cache; the next two never reach Express.
    expect(added(golfers)).toBe(3);
    expect(value(after, 'http_request_duration_seconds_count', golfers) - value(before, 'http_request_duration_seconds_count', golfers)).toBe(3);
    expect(added({ route: '/api/events/:number', status: '200' })).toBe(1);
    expect(added({ route: '/api/events/:number', status: '404' })).toBe(1);
    expect(added({ route: '/events/:eventNumber', status: '200' })).toBe(1);
    expect(added({ route: 'other', status: '404' })).toBe(2);
    expect(added({ route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(1);
    const routes = new Set(after.filter((s) => s.name === 'http_requests_total').map((s) => s.labels.route!));
    for (const route of routes) expect(route, route).not.toMatch(/\/\d+(\/|$)|4711|no-such/);
  });

  it('shows payments by state, open holds and the outbox, read from the database', async () => {
    const before = await scrape();
    const created = await client.post('/api/stripe/donation_intent', { amount: '25', email: `metrics.${Date.now()}@example.org` });
    expect(created.status).toBe(201);
    const pending = await scrape();
    expect(value(pending, 'foundation_payments', { state: 'pending' })).toBe(value(before, 'foundation_payments', { state: 'pending' }) + 1);
    expect((await payWithCard(client, created.json.clientSecret as string)).status).toBe(200);
    const paid = await scrape();
    expect(value(paid, 'foundation_payments', { state: 'paid' })).toBe(value(before, 'foundation_payments', { state: 'paid' }) + 1);
    expect(value(paid, 'foundation_payments', { state: 'pending' })).toBe(value(before, 'foundation_payments', { state: 'pending' }));
    // The receipt leaves through the outbox and this instance's mail worker counts it.
    await expect.poll(async () => value(await scrape(), 'foundation_mail_deliveries_total', { result: 'sent' })).toBeGreaterThan(value(before, 'foundation_mail_deliveries_total', { result: 'sent' }));

    const settled = await scrape();
    // A message waiting for its retry, queued ten minutes ago, and a team holding its place.
    const now = Date.now();
    await server.db
      .insertInto('mail_outbox')
      .values({ purpose: 'metrics_probe', to_address: 'probe@example.org', subject: 'probe', text_body: 'probe', status: 'pending', next_attempt_at: new Date(now + 3_600_000).toISOString(), created_at: new Date(now - 600_000).toISOString() })
      .execute();
    const payment = await server.db
      .insertInto('payments')
      .values({ purpose: 'signup', amount_cents: 40000, status: 'pending', gateway_key: `metrics-${now}`, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString(), expires_at: new Date(now + 900_000).toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const eventId = (await server.db.selectFrom('events').select('id').executeTakeFirstOrThrow()).id;
    await server.db
      .insertInto('signups')
      .values({ payment_id: payment.id, event_id: eventId, kind: 'golf', receipt_email: 'probe@example.org', places: 1, hold_expires_at: new Date(now + 900_000).toISOString(), created_at: new Date(now).toISOString() })
      .execute();
    const queued = await scrape();
    expect(value(queued, 'foundation_mail_outbox_depth')).toBe(value(settled, 'foundation_mail_outbox_depth') + 1);
    expect(value(queued, 'foundation_mail_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(600);
    expect(value(queued, 'foundation_signup_holds_open')).toBe(value(settled, 'foundation_signup_holds_open') + 1);
    expect(value(queued, 'foundation_signup_held_places')).toBe(value(settled, 'foundation_signup_held_places') + 1);
    await server.db.deleteFrom('mail_outbox').where('purpose', '=', 'metrics_probe').execute();
    await server.db.deleteFrom('signups').where('payment_id', '=', payment.id).execute();
    await server.db.deleteFrom('payments').where('id', '=', payment.id).execute();
  });
});

describe('GET /readyz', () => {
  const readyz = async () => {
    const res = await fetch(`${server.url}/readyz`);
    return { status: res.status, body: (await res.json()) as unknown, cacheControl: res.headers.get('cache-control') };
  };

  it('is ready when the database is at the latest migration, and not while one is pending', async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready' }, cacheControl: 'no-store' });
    const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name desc limit 1`.execute(server.db);
    const newest = rows[0]!;
    // The database as an older version left it: this code's newest migration not applied yet.
    await sql`delete from kysely_migration where name = ${newest.name}`.execute(server.db);
    try {
      expect(await readyz()).toMatchObject({ status: 503, body: { status: 'not-ready', reason: 'migrations-pending' } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest.name}, ${newest.timestamp})`.execute(server.db);
    }
    expect((await readyz()).status).toBe(200);
    // /healthz stays the cheap liveness check it was.
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it.runIf(testDbKind() === 'postgres')('is not ready while another instance holds the migration lock', async () => {
    const other = new pg.Client({ connectionString: (server.config.database as { url: string }).url });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock(3853314791062309107)');
      expect(await readyz()).toMatchObject({ status: 503, body: { reason: 'migrating' } });
      await other.query('select pg_advisory_unlock(3853314791062309107)');
      expect((await readyz()).status).toBe(200);
    } finally {
      await other.end();
    }
  });

  it('turns 503 as soon as shutdown starts, while the server still answers', async () => {
    const shutdown = server.shutdown('test');
    expect(await readyz()).toMatchObject({ status: 503, body: { status: 'not-ready', reason: 'shutting-down' } });
    await shutdown;
  });
});
