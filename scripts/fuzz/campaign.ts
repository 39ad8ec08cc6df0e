/**
 * One fuzzing campaign against one running server: prepare real accounts and payments, send the
 * generated requests with modest concurrency (each from its own loopback address), check every
 * answer, then check that /healthz still answers 200. Used by `npm run fuzz` and by
 * tests/integration/fuzz.test.ts.
 */
import { prepare, type FuzzContext } from './api';
import { OVERSIZED_HEAD_RESET, problemsOf, refusedOversizedHead, type FailureKind } from './check';
import { generate, type Category, type FuzzRequest } from './generate';
import { loopbackAddress, send, type Outcome } from './send';

export interface CampaignOptions {
  baseUrl: string;
  seed: number;
  /** Requests 0 … requests-1 are sent (unless `only` lists some of them). */
  requests: number;
  /** Send only these request numbers (to replay a failure). */
  only?: readonly number[];
  concurrency?: number;
  timeoutMs?: number;
  /** Why the server process is gone, or null while it runs (only known when it is a child process). */
  serverGone?: () => string | null;
  /** The server's error log lines for a request id, when the caller reads the log. */
  serverLog?: (requestId: string) => string | undefined;
  log?: (line: string) => void;
  progress?: (done: number, total: number) => void;
  /** Called with every request and its outcome (e.g. to write a log of the run). */
  record?: (request: FuzzRequest, outcome: Outcome) => void;
}

export interface Failure {
  kind: FailureKind;
  detail: string;
  index: number;
  category: Category | 'after the run';
  route: string;
  label: string;
  method: string;
  path: string;
  requestHeaders: Record<string, string>;
  bodyBytes: number;
  bodyExcerpt: string;
  status?: number;
  responseType?: string;
  responseExcerpt?: string;
  requestId?: string;
  serverLog?: string;
}

export interface CampaignResult {
  seed: number;
  requests: number;
  durationMs: number;
  setupMs: number;
  /** Status code (or "transport error") → count. */
  histogram: Record<string, number>;
  byCategory: Record<string, Record<string, number>>;
  byRoute: Record<string, number>;
  failures: Failure[];
  context: { accounts: number; intents: string[]; events: FuzzContext['events'] };
}

/** Source addresses: set-up calls use the first thousand, request i uses 1000 + i. */
const SETUP_ADDRESSES = 0;
const REQUEST_ADDRESSES = 1000;
const HEALTH_ADDRESS = 999;

const EXCERPT = 300;

export function excerpt(buffer: Buffer | string | undefined, max = EXCERPT): string {
  if (buffer === undefined) return '';
  const text = typeof buffer === 'string' ? buffer : buffer.toString('utf8');
  const short = text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  // JSON escapes make NUL bytes, control characters and lone surrogates visible and copyable.
  return JSON.stringify(short).slice(1, -1);
}

function shownHeaders(request: FuzzRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(' | ') : String(value);
    // Login tokens are long and say nothing a reader needs; the label says what was odd about them.
    out[name] = excerpt(text, name === 'authorization' ? 48 : 160);
  }
  if (request.setHost === false) out['(host)'] = '(none sent)';
  return out;
}

function failureOf(request: FuzzRequest, outcome: Outcome, kind: FailureKind, detail: string): Failure {
  const response = outcome.response;
  const requestId = response?.headers['x-request-id'];
  const id = typeof requestId === 'string' ? requestId : undefined;
  const contentType = response?.headers['content-type'];
  return {
    kind,
    detail,
    index: request.index,
    category: request.category,
    route: request.route,
    label: request.label,
    method: request.method,
    path: excerpt(request.path, 200),
    requestHeaders: shownHeaders(request),
    bodyBytes: request.body?.length ?? 0,
    bodyExcerpt: excerpt(request.body),
    status: response?.status,
    responseType: typeof contentType === 'string' ? contentType : undefined,
    responseExcerpt: response ? excerpt(response.body) : undefined,
    requestId: id,
  };
}

const bump = (map: Record<string, number>, key: string) => {
  map[key] = (map[key] ?? 0) + 1;
};

export async function runCampaign(options: CampaignOptions): Promise<CampaignResult> {
  const base = new URL(options.baseUrl);
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  let setupCalls = SETUP_ADDRESSES;
  const ctx = await prepare(base, { seed: options.seed, address: () => loopbackAddress(setupCalls++), log });
  if (setupCalls >= REQUEST_ADDRESSES) throw new Error('set-up used more source addresses than reserved');
  const setupMs = Math.round(performance.now() - started);
  log(
    `set-up: ${ctx.accounts.length} accounts, ${ctx.intents.length} payment intents (${ctx.intents.filter((i) => i.paid).length} paid), ` +
      `events golf ${ctx.events.golf.join(',') || '-'} gaming ${ctx.events.gaming.join(',') || '-'} steak fry ${ctx.events.steakfry.join(',') || '-'} (${setupMs} ms)`,
  );

  const indices = options.only ? [...options.only] : Array.from({ length: options.requests }, (_, i) => i);
  const histogram: Record<string, number> = {};
  const byCategory: Record<string, Record<string, number>> = {};
  const byRoute: Record<string, number> = {};
  const failures: Failure[] = [];
  let next = 0;
  let done = 0;
  let stopped: string | null = null;

  const fuzzStarted = performance.now();
  const worker = async () => {
    while (next < indices.length && stopped === null) {
      const index = indices[next++]!;
      let request: FuzzRequest;
      try {
        request = generate(ctx, options.seed, index);
      } catch (error) {
        // A bug in the fuzzer itself: reported (and failing the run) rather than ending it.
        const stub: FuzzRequest = { index, category: 'valid', route: '(generator)', label: 'could not generate', method: '-', path: '-', headers: {} };
        failures.push(failureOf(stub, { ms: 0 }, 'harness error', String((error as Error).stack ?? error).slice(0, 500)));
        done += 1;
        continue;
      }
      const outcome = await send(base, request, { localAddress: loopbackAddress(REQUEST_ADDRESSES + index), timeoutMs: options.timeoutMs });
      const key = outcome.response ? String(outcome.response.status) : refusedOversizedHead(outcome) ? OVERSIZED_HEAD_RESET : 'transport error';
      bump(histogram, key);
      byCategory[request.category] ??= {};
      bump(byCategory[request.category]!, key);
      bump(byRoute, request.route);
      for (const problem of problemsOf(outcome)) failures.push(failureOf(request, outcome, problem.kind, problem.detail));
      options.record?.(request, outcome);
      const gone = options.serverGone?.() ?? null;
      if (gone !== null && stopped === null) {
        stopped = gone;
        failures.push(failureOf(request, outcome, 'server exited', `${gone} (after request #${index})`));
      }
      done += 1;
      options.progress?.(done, indices.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 10) }, worker));
  const durationMs = Math.round(performance.now() - fuzzStarted);

  // The server must still be healthy afterwards.
  if (stopped === null) {
    const health: FuzzRequest = { index: -1, category: 'valid', route: 'healthz', label: 'after the run', method: 'GET', path: '/healthz', headers: {} };
    const outcome = await send(base, health, { localAddress: loopbackAddress(HEALTH_ADDRESS), timeoutMs: 10_000 });
    if (outcome.response?.status !== 200) {
      const failure = failureOf(health, outcome, 'health check', outcome.error ?? `GET /healthz answered ${outcome.response?.status}`);
      failures.push({ ...failure, category: 'after the run' });
    }
  }

  // The server writes its log a moment after it answers: look up the causes at the end, waiting
  // (up to 2 s) until every failed request's error line has come through the log pipe.
  const serverLog = options.serverLog;
  if (serverLog && failures.some((f) => f.requestId)) {
    const deadline = Date.now() + 2000;
    const missing = () => failures.filter((f) => f.requestId && !f.serverLog);
    for (;;) {
      for (const failure of missing()) failure.serverLog = serverLog(failure.requestId!);
      if (missing().length === 0 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  failures.sort((a, b) => a.index - b.index);
  return {
    seed: options.seed,
    requests: done,
    durationMs,
    setupMs,
    histogram,
    byCategory,
    byRoute,
    failures,
    context: {
      accounts: ctx.accounts.length,
      intents: ctx.intents.map((i) => `${i.kind}${i.paid ? ' (paid)' : ''}`),
      events: ctx.events,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reporting.

export function formatFailure(failure: Failure, replay?: string): string {
  const lines = [
    `✗ #${failure.index} ${failure.kind}: ${failure.detail}`,
    `  what:     ${failure.category} · ${failure.route} · ${failure.label}`,
    `  request:  ${failure.method} ${failure.path}`,
  ];
  const headers = Object.entries(failure.requestHeaders)
    .filter(([name]) => !['accept', 'x-request-id'].includes(name))
    .map(([name, value]) => `${name}: ${value}`);
  if (headers.length > 0) lines.push(`  headers:  ${headers.join(' ; ')}`);
  if (failure.bodyBytes > 0) lines.push(`  body:     (${failure.bodyBytes} B) ${failure.bodyExcerpt}`);
  if (failure.status !== undefined) lines.push(`  response: ${failure.status} ${failure.responseType ?? ''} ${failure.responseExcerpt ?? ''}`.trimEnd());
  if (failure.serverLog) lines.push(`  server:   ${failure.serverLog}`);
  if (replay && failure.index >= 0) lines.push(`  replay:   ${replay}`);
  return lines.join('\n');
}

/** Failures with the same kind, status, method, route and oddity (the request number aside). */
export function distinctFailures(failures: readonly Failure[]): { key: string; count: number; first: Failure }[] {
  const groups = new Map<string, { key: string; count: number; first: Failure }>();
  for (const failure of failures) {
    const key = `${failure.kind} ${failure.status ?? ''} ${failure.method} ${failure.route} · ${failure.label}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { key, count: 1, first: failure });
  }
  return [...groups.values()];
}

/** A Markdown-ish table: one row per database, one column per status. */
export function histogramTable(rows: readonly { name: string; requests: number; histogram: Record<string, number> }[]): string {
  const statuses = [...new Set(rows.flatMap((r) => Object.keys(r.histogram)))].sort((a, b) => (Number(a) || 1e9) - (Number(b) || 1e9));
  const total: Record<string, number> = {};
  for (const row of rows) for (const [k, v] of Object.entries(row.histogram)) total[k] = (total[k] ?? 0) + v;
  const all = rows.length > 1 ? [...rows, { name: 'total', requests: rows.reduce((s, r) => s + r.requests, 0), histogram: total }] : rows;
  const header = ['run', 'requests', ...statuses];
  const body = all.map((r) => [r.name, r.requests.toLocaleString('en-US'), ...statuses.map((s) => (r.histogram[s] ?? 0).toLocaleString('en-US'))]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...body.map(line)].join('\n');
}
