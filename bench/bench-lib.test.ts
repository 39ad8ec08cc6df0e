import { describe, expect, it } from 'vitest';
import { envCount, failures, type Measure, passes, percentOf, replayableHeaders, summarize, toMeasure } from './bench-lib';

const measure = (over: Partial<Measure> = {}): Measure => ({ requestsPerSecond: 100, p50Ms: 5, p99Ms: 20, maxMs: 40, errors: 0, timeouts: 0, non2xx: 0, ...over });

describe('replayableHeaders', () => {
  it('keeps what describes the body (type, encoding, ETag, security headers), drops framing and per-connection headers', () => {
    const kept = replayableHeaders({
      'Content-Type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      etag: 'W/"abc"',
      'content-security-policy': "default-src 'self'",
      'set-cookie': ['XSRF-TOKEN=x; Path=/'],
      vary: 'Accept-Encoding',
      date: 'Mon, 23 Nov 2026 07:50:21 GMT',
      connection: 'keep-alive',
      'keep-alive': 'timeout=65',
      'transfer-encoding': 'chunked',
      'content-length': '10',
      absent: undefined,
    });
    expect(kept).toEqual({
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': 'br',
      etag: 'W/"abc"',
      'content-security-policy': "default-src 'self'",
      'set-cookie': ['XSRF-TOKEN=x; Path=/'],
      vary: 'Accept-Encoding',
    });
  });
});

describe('verdicts', () => {
  it('computes the share of the ceiling to one decimal', () => {
    expect(percentOf(117, 7749)).toBe(1.5);
    expect(percentOf(835, 835)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });

  it('passes a page at 50% and the read API at 70%, only with every answer a 2xx', () => {
    expect(passes('page', measure(), 50)).toBe(true);
    expect(passes('page', measure(), 49.9)).toBe(false);
    expect(passes('api', measure(), 69.9)).toBe(false);
    expect(passes('api', measure(), 70)).toBe(true);
    expect(passes('api', measure({ non2xx: 1 }), 95)).toBe(false);
    expect(failures(measure({ errors: 3, timeouts: 2, non2xx: 3 }))).toBe(6); // the 2 timeouts are among the 3 errors
  });

  it('reads an autocannon result, rounding the rate', () => {
    const result = { requests: { average: 812.6 }, latency: { p50: 11, p99: 48, max: 90 }, errors: 0, timeouts: 1, non2xx: 2 };
    expect(toMeasure(result)).toEqual({ requestsPerSecond: 813, p50Ms: 11, p99Ms: 48, maxMs: 90, errors: 0, timeouts: 1, non2xx: 2 });
    expect(toMeasure(result, 400.2).requestsPerSecond).toBe(400);
  });

  it('summarizes by kind with the lowest route, and fails on any miss or a failed surge', () => {
    const rows = [
      { name: 'Home', path: '/', kind: 'page' as const, percentOfCeiling: 12.5, pass: false },
      { name: 'Terms', path: '/terms', kind: 'page' as const, percentOfCeiling: 61, pass: true },
      { name: 'API', path: '/api/events/upcoming', kind: 'api' as const, percentOfCeiling: 80, pass: true },
    ];
    const summary = summarize(rows, true);
    expect(summary.lines).toEqual([
      'pages: 1/2 pass (target ≥ 50% of the ceiling; lowest / at 12.5%)',
      'read API: 1/1 pass (target ≥ 70% of the ceiling; lowest /api/events/upcoming at 80%)',
      'surge: PASS (needs answers on both pages and no error, timeout or non-2xx answer)',
    ]);
    expect(summary.pass).toBe(false);
    expect(summarize(rows.slice(1), true).pass).toBe(true);
    expect(summarize(rows.slice(1), false).pass).toBe(false);
    expect(summarize([], undefined)).toEqual({ lines: [], pass: true });
  });
});

describe('envCount', () => {
  it('reads whole numbers, falls back when unset, refuses anything else', () => {
    expect(envCount({ BENCH_DURATION: '2' }, 'BENCH_DURATION', 10)).toBe(2);
    expect(envCount({}, 'BENCH_DURATION', 10)).toBe(10);
    expect(envCount({ BENCH_DURATION: '' }, 'BENCH_DURATION', 10)).toBe(10);
    expect(envCount({ BENCH_DURATION: '0' }, 'BENCH_DURATION', 10)).toBe(0);
    expect(() => envCount({ BENCH_DURATION: '1.5' }, 'BENCH_DURATION', 10)).toThrow(/whole number/);
    expect(() => envCount({ SURGE_CONNECTIONS: '1' }, 'SURGE_CONNECTIONS', 200, 2)).toThrow(/at least 2/);
  });
});
