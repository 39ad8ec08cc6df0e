import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatFailure, runCampaign } from '../../scripts/fuzz/campaign';
import { startTestServer, testDbKind, type TestServer } from '../helpers/test-server';

/**
 * The short version of `npm run fuzz`: a few hundred seeded requests against the real app (built
 * pages, this project's database) through the same generator, each from its own loopback
 * address. The long run (10,000 requests per database, server as its own process) is
 * `npm run fuzz`; a failure here can be replayed there with the printed command.
 */
const SEED = 20261123;
const REQUESTS = 300;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/**
 * React Router reports route error responses it makes itself (404 for an unknown page, 405 for
 * a POST to a page without an action) through the app's handleError, which writes them to
 * console.error. Those answers are checked like any other; anything else on console.error is a
 * failure the server did not turn into a response.
 */
function isRouteErrorResponse(args: unknown[]): boolean {
  const [first] = args;
  const status = (first as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return true;
  const message = first instanceof Error ? first.message : typeof first === 'string' ? first : '';
  return /^(No route matches URL|You made a \w+ request to|Did not find an? (action|loader) for route)/.test(message);
}

describe(`fuzzing (${testDbKind()})`, () => {
  it(`${REQUESTS} seeded requests: no 5xx, no transport errors, no stack traces`, async () => {
    const consoleErrors: unknown[][] = [];
    // Takes over the suite's console.error spy (tests/helpers/fail-on-console-error.ts) for this
    // test: route error responses are expected here, anything else is reported below.
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!isRouteErrorResponse(args)) consoleErrors.push(args);
    });

    const result = await runCampaign({ baseUrl: server.url, seed: SEED, requests: REQUESTS, concurrency: 8 });

    const replay = (index: number) => `npm run fuzz -- --db ${testDbKind()} --seed ${SEED} --only ${index}`;
    const failures = result.failures.map((f) => formatFailure(f, replay(f.index)));
    expect(result.requests).toBe(REQUESTS);
    expect(failures.length, `status histogram ${JSON.stringify(result.histogram)}\n\n${failures.join('\n\n')}\n`).toBe(0);
    const logged = consoleErrors.map((args) => args.map((a) => inspect(a, { depth: 3, breakLength: Infinity })).join(' ').slice(0, 800));
    expect(logged, 'console.error from the server during fuzzing').toEqual([]);
  }, 60_000);
});
