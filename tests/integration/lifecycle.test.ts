import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMain } from '../helpers/main-process';
import { createTestDatabase, startTestServer, testContent, testContentDir, type TestServer } from '../helpers/test-server';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('graceful shutdown', () => {
  it('finishes an in-flight request, refuses new connections, then closes the database', async () => {
    server = await startTestServer({ pages: 'none' });
    const { port } = server;
    // A request whose body is still arriving when shutdown starts: it must still get its answer.
    const token = 't'.repeat(43);
    const arrived = once(server.server, 'request'); // the server has read the request's headers
    let finishBody!: () => void;
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/events/all', headers: { 'content-type': 'application/json', 'content-length': '2', cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write('{');
      finishBody = () => req.end('}');
    });
    await arrived;
    const shutdown = server.shutdown('test');
    // Shutdown has begun (health checks fail) while the request is still waiting for its body.
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(503);
    finishBody();
    expect(await inFlight).toBe(404); // answered once its body arrived (no such endpoint), not cut off
    await shutdown;
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    await expect(server.db.selectFrom('events').select('id').execute()).rejects.toThrow();
  });
});

/** One request on its own connection from its own address; resolves with the status, rejects on a reset. */
function rawRequest(url: URL, method: string, path: string, localAddress: string, body?: string) {
  const token = 'x'.repeat(43);
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answered = new Promise<number>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent: false,
        localAddress,
        headers: { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('finish', sent); // every byte handed to the network
    req.end(body);
  });
  return { written, answered };
}

describe('start-up and stop of the real process', () => {
  it('answers every request already sent when SIGTERM arrives: 20 payments and 40 page loads, no connection reset', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'drain-'));
    const run = runMain({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database.url, CONTENT_DIR: testContentDir() });
    try {
      await run.ready;
      const url = new URL(run.url());
      const requests = Array.from({ length: 60 }, (_, i) =>
        i < 20
          ? rawRequest(url, 'POST', '/api/stripe/donation_intent', `127.9.${i}.1`, JSON.stringify({ amount: '10', email: `drain${i}@example.org` }))
          : rawRequest(url, 'GET', i % 2 ? '/events' : '/', `127.9.${i}.1`),
      );
      await Promise.all(requests.map((r) => r.written));
      run.child.kill('SIGTERM');
      const results = await Promise.allSettled(requests.map((r) => r.answered));
      const failures = results.flatMap((r, i) => (r.status === 'rejected' ? [`#${i}: ${String(r.reason)}`] : []));
      expect(failures).toEqual([]);
      const statuses = results.map((r) => (r as PromiseFulfilledResult<number>).value);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
      expect(statuses.slice(20)).toEqual(Array(40).fill(200));
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('shutdown complete');
    } finally {
      run.child.kill('SIGKILL');
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('stops with one readable message naming a bad variable', async () => {
    const run = runMain({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'cfg-')) }, undefined);
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(/Configuration error:\n {2}- PORT .*\(got "eighty"\)/);
    expect(run.output()).not.toMatch(/\bat .*\.ts:\d+/); // no stack trace
  });

  it('migrates, seeds, serves, and exits cleanly on SIGTERM', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'main-'));
    const run = runMain(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: database.url, CONTENT_DIR: testContentDir() },
    );
    try {
      await run.ready;
      const url = run.url();
      expect(run.output()).toContain('empty database seeded with the sample content');
      const health = await fetch(`${url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      const events = (await (await fetch(`${url}/api/events/all`)).json()) as { event: { name: string }[] };
      expect(events.event.map((e) => e.name).sort()).toEqual(testContent().events.map((e) => e.name).sort());
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('shutdown complete');
    } finally {
      run.child.kill('SIGKILL');
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
