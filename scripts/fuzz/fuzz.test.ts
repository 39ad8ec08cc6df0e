import { describe, expect, it } from 'vitest';
import { type FuzzContext } from './api';
import { stackTraceIn } from './check';
import { generate, sweepSize } from './generate';
import { Rng } from './rng';
import { loopbackAddress } from './send';
import { Entries, RawJson, toJson } from './values';

const account = { first: 'Ada', last: 'Lovelace', username: 'ada', email: 'ada@example.org', password: 'pw', token: 'h.p.s' };
const ctx = (): FuzzContext => ({
  accounts: [account],
  events: { golf: [16], gaming: [14], steakfry: [15], all: [11, 14, 15, 16] },
  intents: [{ kind: 'golf', clientSecret: 'pi_1_secret_2', body: { eventNumber: 16 }, account, paid: true }],
  galleryTokens: ['tvscramble17'],
  files: ['/favicon.svg'],
  simulatedPayments: true,
});

describe('the request generator', () => {
  it('makes request #i from (seed, i) alone: same seed, same request; another seed, other requests', () => {
    const a = ctx();
    const b = ctx();
    for (const index of [0, 5, 40, 41, 42, 999, 4321]) {
      expect(generate(b, 7, index)).toEqual(generate(a, 7, index));
    }
    const differs = [100, 101, 102, 103].some((i) => JSON.stringify(generate(a, 7, i)) !== JSON.stringify(generate(a, 8, i)));
    expect(differs).toBe(true);
  });

  it('carries a valid XSRF pair and its own request id unless it is testing them', () => {
    const c = ctx();
    for (let index = 0; index < 40; index += 1) {
      const request = generate(c, 1, index);
      const token = String(request.headers['x-xsrf-token']);
      expect(token.length).toBeGreaterThanOrEqual(32);
      expect(request.headers.cookie).toBe(`XSRF-TOKEN=${token}`);
      expect(request.headers['x-request-id']).toBe(`fuzz-1-${index}`);
    }
  });

  it('never fails to build a request', () => {
    const c = ctx();
    expect(sweepSize(c, 3)).toBeGreaterThan(500);
    for (let index = 0; index < 1500; index += 1) expect(() => generate(c, 3, index)).not.toThrow();
  }, 30_000);
});

describe('helpers', () => {
  it('writes JSON that JSON.stringify cannot: exact big numbers, own __proto__ keys, duplicates', () => {
    expect(toJson({ n: new RawJson('9007199254740993') })).toBe('{"n":9007199254740993}');
    expect(toJson(new Entries([['__proto__', { a: 1 }], ['k', 1], ['k', 2]]))).toBe('{"__proto__":{"a":1},"k":1,"k":2}');
    expect(toJson({ s: 'a\uD800' })).toBe('{"s":"a\\ud800"}');
  });

  it('gives every request its own loopback address, never 127.0.0.1', () => {
    const seen = new Set(Array.from({ length: 20_000 }, (_, i) => loopbackAddress(i)));
    expect(seen.size).toBe(20_000);
    expect(seen.has('127.0.0.1')).toBe(false);
    for (const address of [...seen].slice(0, 1000)) expect(address).toMatch(/^127\.\d+\.\d+\.\d+$/);
  });

  it('spreads its choices', () => {
    const rng = new Rng(1);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i += 1) counts[rng.int(0, 3)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(850);
  });
});

describe('stack trace detection', () => {
  it.each([
    ['TypeError: boom\n    at handler (/srv/app/server/http/api/stripe.ts:12:5)'],
    ['Error: x\n    at Object.<anonymous> (file:///srv/app/build/server/index.js:1:2)'],
    ['    at node:internal/process/task_queues:95:5'],
    [`<pre>${import.meta.dirname}/api.ts</pre>`],
  ])('flags %j', (body) => {
    expect(stackTraceIn(body)).not.toBeNull();
  });

  it.each([
    ['{"server":"Something went wrong on our side. Please try again; if it keeps happening, contact us and quote abc."}'],
    ['Error: You made a POST request to "/events" but did not provide an `action` for route "routes/events"'],
    ['<p>Join us at Riverbend Country Club at 8:00 AM.</p><script src="/assets/root-ABC.js"></script>'],
  ])('does not flag %j', (body) => {
    expect(stackTraceIn(body)).toBeNull();
  });
});
