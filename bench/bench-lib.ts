/**
 * Pure helpers of `npm run bench` (bench/run.ts): what the ceiling replays, the targets, the
 * verdict of each row and of the surge.
 */

/** Our throughput as a share of the bare-Node ceiling's for the same bytes, at least. */
export const TARGET_PERCENT = { page: 50, api: 70 } as const;

/** What a browser sends; the site compresses, so the ceiling serves the same compressed bytes. */
export const ACCEPT_ENCODING = 'br, gzip';

/**
 * Headers of a captured response the ceiling sends back as they were. Left out: those about this
 * one connection or moment (the ceiling's node:http writes its own Date, Connection and Keep-Alive)
 * and the framing (the ceiling sends a Content-Length instead of chunks).
 */
export function replayableHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const dropped = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !dropped.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  return kept;
}

export interface Measure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts (autocannon counts a timeout in both). */
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The fields of an autocannon result this harness reads. */
export interface AutocannonSummary {
  requests: { average: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export function toMeasure(result: AutocannonSummary, requestsPerSecond = result.requests.average): Measure {
  return {
    requestsPerSecond: Math.round(requestsPerSecond),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Failed answers of any kind: connection errors, timeouts (already among the errors), anything but 2xx. */
export const failures = (m: Measure): number => m.errors + m.non2xx;

/** ours / ceiling in percent, one decimal. */
export function percentOf(ours: number, ceiling: number): number {
  return ceiling > 0 ? Math.round((ours / ceiling) * 1000) / 10 : 0;
}

/** A route passes when it reaches its share of the ceiling and every answer was a 2xx. */
export function passes(kind: keyof typeof TARGET_PERCENT, ours: Measure, percentOfCeiling: number): boolean {
  return percentOfCeiling >= TARGET_PERCENT[kind] && failures(ours) === 0;
}

export interface RowVerdict {
  name: string;
  path: string;
  kind: keyof typeof TARGET_PERCENT;
  percentOfCeiling: number;
  pass: boolean;
}

/** One line per kind ("pages: 3/16 pass (lowest /: 1.5%, target 50%)") and whether all passed. */
export function summarize(rows: RowVerdict[], surgePass: boolean | undefined): { lines: string[]; pass: boolean } {
  const lines: string[] = [];
  for (const [kind, label] of [
    ['page', 'pages'],
    ['api', 'read API'],
  ] as const) {
    const ofKind = rows.filter((r) => r.kind === kind);
    if (ofKind.length === 0) continue;
    const lowest = ofKind.reduce((low, r) => (r.percentOfCeiling < low.percentOfCeiling ? r : low));
    const passed = ofKind.filter((r) => r.pass).length;
    lines.push(
      `${label}: ${passed}/${ofKind.length} pass (target ≥ ${TARGET_PERCENT[kind]}% of the ceiling; lowest ${lowest.path} at ${lowest.percentOfCeiling}%)`,
    );
  }
  if (surgePass !== undefined) lines.push(`surge: ${surgePass ? 'PASS' : 'FAIL'} (needs answers on both pages and no error, timeout or non-2xx answer)`);
  return { lines, pass: rows.every((r) => r.pass) && surgePass !== false };
}

/** A whole number of seconds (or connections) from the environment; `fallback` when unset. */
export function envCount(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be a whole number of at least ${min}, got ${JSON.stringify(raw)}`);
  return n;
}
