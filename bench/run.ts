/**
 * `npm run bench`: throughput of the production server on every public page and the read API,
 * each against a bare node:http ceiling that sends the very same bytes, measured in the same run;
 * then the same while gifts and sign-ups arrive (10 a second), then a surge (200 connections on the
 * home page and an event page at once). Prints tables and a
 * summary, writes bench/results.json. Not a test: nothing here runs in CI, but it exits 1 when a
 * target is missed (pages ≥ 50% of the ceiling, read API ≥ 70%, no failed answer in the surge).
 *
 * The site runs as its own process exactly as deployed (NODE_ENV=production, request log on at
 * `info`, written to a file) on a temporary SQLite database seeded with the sample content; the
 * ceiling is its own process too; autocannon runs here. Every request says
 * `Accept-Encoding: br, gzip` like a browser, so the site compresses and the ceiling replays the
 * compressed bytes and the headers the site sent.
 *
 *   BENCH_DURATION=10     seconds measured per route and server (0: skip the routes)
 *   BENCH_WARMUP=2        seconds of warm-up before each measurement (0: none)
 *   BENCH_CONNECTIONS=20  connections per route measurement
 *   BENCH_ROUNDS=5        slices the measured seconds are cut into, ours and the ceiling taking turns
 *   BENCH_ROUTES=/,/api/events/upcoming   only these routes (paths or names, comma-separated)
 *   BENCH_PAYMENTS_PER_SECOND=10   gifts and sign-ups a second during the second pass (0: no second pass)
 *   SURGE_DURATION=60     seconds of surge (0: no surge)
 *   SURGE_CONNECTIONS=200 connections in the surge, half on each page
 *   BENCH_LOG_LEVEL=info  the server's log level
 *
 * A smoke run: BENCH_DURATION=2 BENCH_WARMUP=1 SURGE_DURATION=5 npm run bench
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort } from '../scripts/free-port';
import { formatTable } from '../scripts/weight-lib';
import {
  ACCEPT_ENCODING,
  type AutocannonSummary,
  envCount,
  failures,
  type Measure,
  passes,
  percentOf,
  replayableHeaders,
  summarize,
  TARGET_PERCENT,
  toMeasure,
} from './bench-lib';
import { publicPages, type PublicRoute, readApi, samplesFromSite, selectRoutes } from './public-routes';
import { compiledServer } from '../scripts/compiled-command.mjs';
import { startPaymentTraffic, type PaymentTrafficResult } from './payment-traffic';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION_S = envCount(process.env, 'BENCH_DURATION', 10);
const WARMUP_S = envCount(process.env, 'BENCH_WARMUP', 2);
const CONNECTIONS = envCount(process.env, 'BENCH_CONNECTIONS', 20, 1);
const ROUNDS = envCount(process.env, 'BENCH_ROUNDS', 5, 1);
const SURGE_S = envCount(process.env, 'SURGE_DURATION', 60);
const PAYMENTS_PER_S = envCount(process.env, 'BENCH_PAYMENTS_PER_SECOND', 10);
const SURGE_CONNECTIONS = envCount(process.env, 'SURGE_CONNECTIONS', 200, 2);
const HEADERS = { 'accept-encoding': ACCEPT_ENCODING };

interface Captured {
  status: number;
  headers: Record<string, string | string[]>;
  bodyBase64: string;
}

function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume(); // keep draining so the process never blocks on a full pipe
        resolve({ child, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`process exited early (${code}):\n${output}`)));
  });
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy within 60 s');
}

/** The response exactly as sent (fetch would decompress it): status, headers, raw body bytes. */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    request(url, { headers: HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: replayableHeaders(res.headers), bodyBase64: Buffer.concat(chunks).toString('base64') }),
      );
    })
      .on('error', reject)
      .end();
  });
}


/** An autocannon run's own numbers, before aggregation (skipAggregateResult), to merge the latency histograms. */
interface RawRun {
  totalRequests: number;
  totalCompletedRequests: number;
  duration: number;
}
const aggregate = (autocannon as unknown as { aggregateResult(runs: RawRun[], opts: { url: string; connections: number }): AutocannonSummary }).aggregateResult;

/**
 * Our server and the ceiling on the same path, in alternating slices (BENCH_ROUNDS of them each, the
 * order swapped every round), so that the machine's drift over a run (other work, CPU frequency)
 * falls on both alike; each side's figures come from all its slices together.
 */
async function measurePair(oursUrl: string, ceilingUrl: string): Promise<{ ours: Measure; ceiling: Measure }> {
  const sides = { ours: oursUrl, ceiling: ceilingUrl };
  if (WARMUP_S > 0) for (const url of Object.values(sides)) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, headers: HEADERS }); // JIT, caches
  const runs: Record<keyof typeof sides, RawRun[]> = { ours: [], ceiling: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: (keyof typeof sides)[] = round % 2 === 0 ? ['ours', 'ceiling'] : ['ceiling', 'ours'];
    for (const side of order) {
      const run = await autocannon({ url: sides[side], connections: CONNECTIONS, duration: DURATION_S / ROUNDS, headers: HEADERS, skipAggregateResult: true });
      runs[side].push(run as unknown as RawRun);
    }
  }
  const merged = (side: keyof typeof sides) => {
    const list = runs[side];
    const rate = list.reduce((sum, r) => sum + r.totalCompletedRequests, 0) / list.reduce((sum, r) => sum + r.duration, 0);
    return toMeasure(aggregate(list, { url: sides[side], connections: CONNECTIONS }), rate);
  };
  return { ours: merged('ours'), ceiling: merged('ceiling') };
}

/**
 * Both pages at once, the connections split between them; each page's figures and the two together
 * (latency percentiles from the merged histograms). Requests still unanswered when the time is up
 * are not in the latencies: `sent - completed` shows them. It passes with no failed answer and at
 * least one answer per page.
 */
async function surge(siteUrl: string, paths: [string, string]) {
  const split = [Math.ceil(SURGE_CONNECTIONS / 2), Math.floor(SURGE_CONNECTIONS / 2)];
  const runs = (await Promise.all(
    paths.map((p, i) => autocannon({ url: `${siteUrl}${p}`, connections: split[i], duration: SURGE_S, headers: HEADERS, skipAggregateResult: true })),
  )) as unknown as RawRun[];
  const counts = (list: RawRun[]) => ({
    sent: list.reduce((sum, r) => sum + r.totalRequests, 0),
    completed: list.reduce((sum, r) => sum + r.totalCompletedRequests, 0),
  });
  const rate = (list: RawRun[]) => list.reduce((sum, r) => sum + r.totalCompletedRequests / r.duration, 0);
  const perPage = paths.map((p, i) => {
    const run = [runs[i]!];
    return { path: p, connections: split[i]!, ...counts(run), ...toMeasure(aggregate(run, { url: `${siteUrl}${p}`, connections: split[i]! }), rate(run)) };
  });
  const total = { connections: SURGE_CONNECTIONS, ...counts(runs), ...toMeasure(aggregate(runs, { url: siteUrl, connections: SURGE_CONNECTIONS }), rate(runs)) };
  return { durationSeconds: SURGE_S, perPage, total, pass: failures(total) === 0 && perPage.every((p) => p.completed > 0) };
}

/** How many log lines of each level above info the server wrote (pino: 40 warn, 50 error, 60 fatal). */
async function logProblems(logFile: string): Promise<{ lines: number; warn: number; error: number }> {
  // Line by line: a full run's log is over a gigabyte, more than one string can hold.
  const counts = { lines: 0, warn: 0, error: 0 };
  for await (const line of createInterface({ input: createReadStream(logFile), crlfDelay: Infinity })) {
    if (!line) continue;
    counts.lines += 1;
    const level = Number(/"level":(\d+)/.exec(line)?.[1] ?? 0);
    if (level === 40) counts.warn += 1;
    else if (level >= 50) counts.error += 1;
  }
  return counts;
}

await buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-bench-'));
const logFile = path.join(dataDir, 'server.log');
const children: ChildProcess[] = [];
let allPassed: boolean | undefined; // set once the report is written
try {
  const port = await freePort();
  const logFd = openSync(logFile, 'a');
  const siteChild = spawn(...compiledServer(), {
    cwd: ROOT,
    stdio: ['ignore', logFd, logFd], // the request log, as in production; read for warnings at the end
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A production server with no payment keys: the benchmark pages never take a payment.
      ALLOW_SIMULATED_PAYMENTS: 'true',
      MAIL_OUTBOX_IN_PRODUCTION: 'true', // no mail server either; the benchmark sends no mail
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      // The payment traffic comes from a crowd of addresses, as the proxy in front of a real site reports them.
      TRUST_PROXY: 'loopback',
    },
  });
  closeSync(logFd);
  children.push(siteChild);
  const siteUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(siteUrl, siteChild, logFile);

  const samples = await samplesFromSite(siteUrl);
  const eventPage = publicPages(samples).find((r) => r.name === 'Event page')!.path;
  const routes: PublicRoute[] = DURATION_S > 0 ? selectRoutes([...publicPages(samples), ...readApi(samples)], process.env.BENCH_ROUTES) : [];

  // The real responses, compressed as a browser gets them, for the ceiling to replay.
  const captured: Record<string, Captured> = {};
  for (const route of routes) {
    const answer = await capture(`${siteUrl}${route.path}`);
    if (answer.status !== 200) throw new Error(`${route.path} answered ${answer.status}`);
    captured[route.path] = answer;
  }
  const capturedFile = path.join(dataDir, 'captured.json');
  writeFileSync(capturedFile, JSON.stringify(captured));
  const ceiling = await startProcess([path.join(ROOT, 'bench/ceiling-server.mjs'), capturedFile], { PATH: process.env.PATH }, /LISTENING (\d+)/);
  children.push(ceiling.child);
  const ceilingUrl = `http://127.0.0.1:${ceiling.match[1]}`;

  const load = loadavg().map((l) => l.toFixed(2));
  console.log(
    `\n${routes.length} routes, ${CONNECTIONS} connections, ${DURATION_S} s per run after ${WARMUP_S} s warm-up; ${cpus().length} cores, ` +
      `Node ${process.version}, load average ${load.join(' ')}; Accept-Encoding: ${ACCEPT_ENCODING}\n`,
  );
  /** Every route against the ceiling, with its table; `during` names what else was going on. */
  const measureRoutes = async (during: string) => {
    const rows = [];
    for (const route of routes) {
      const { ours, ceiling: bare } = await measurePair(`${siteUrl}${route.path}`, `${ceilingUrl}${route.path}`);
      const percentOfCeiling = percentOf(ours.requestsPerSecond, bare.requestsPerSecond);
      const answer = captured[route.path]!;
      const row = {
        name: route.name,
        path: route.path,
        kind: route.kind,
        encoding: String(answer.headers['content-encoding'] ?? 'identity'),
        bytes: Buffer.from(answer.bodyBase64, 'base64').length,
        ours,
        ceiling: bare,
        percentOfCeiling,
        targetPercent: TARGET_PERCENT[route.kind],
        pass: passes(route.kind, ours, percentOfCeiling),
      };
      rows.push(row);
      console.error(`[bench] ${during}${route.path}: ${ours.requestsPerSecond} req/s, ceiling ${bare.requestsPerSecond} req/s, ${percentOfCeiling}% ${row.pass ? 'PASS' : 'FAIL'}`);
    }
    if (rows.length > 0) {
      if (during) console.log(`\n${during}`);
      console.log(
        formatTable(
          ['route', 'bytes', 'enc', 'ours req/s', 'p50 ms', 'p99 ms', 'ceiling req/s', 'p99 ms', '% of ceiling', 'target', ''],
          rows.map((r) => [
            r.path,
            String(r.bytes),
            r.encoding,
            String(r.ours.requestsPerSecond),
            String(r.ours.p50Ms),
            String(r.ours.p99Ms),
            String(r.ceiling.requestsPerSecond),
            String(r.ceiling.p99Ms),
            `${r.percentOfCeiling}%`,
            `≥ ${r.targetPercent}%`,
            r.pass ? 'PASS' : 'FAIL',
          ]),
          (column) => column === 1 || (column >= 3 && column <= 9),
        ),
      );
      for (const r of rows) {
        if (failures(r.ours) > 0) console.log(`  ! ${r.path}: ${r.ours.errors} errors, ${r.ours.timeouts} timeouts, ${r.ours.non2xx} non-2xx answers from our server`);
      }
    }
    return rows;
  };
  const rows = await measureRoutes('');

  // The same routes while a donation drive goes on: a gift must leave the cache alone (ADR 029).
  let duringPayments: { perSecond: number; traffic: PaymentTrafficResult; rows: Awaited<ReturnType<typeof measureRoutes>> } | undefined;
  if (PAYMENTS_PER_S > 0 && routes.length > 0) {
    const traffic = await startPaymentTraffic(siteUrl, { perSecond: PAYMENTS_PER_S, eventNumber: samples.eventNumber });
    const paymentRows = await measureRoutes(`While ${PAYMENTS_PER_S} gifts and sign-ups a second arrive: `);
    const made = await traffic.stop();
    console.log(`(meanwhile: ${made.donations} gifts and ${made.signups} sign-ups paid, ${made.full} sign-ups refused as the event filled, ${made.failures} other failures)`);
    duringPayments = { perSecond: PAYMENTS_PER_S, traffic: made, rows: paymentRows };
  }

  let surgeResult: Awaited<ReturnType<typeof surge>> | undefined;
  if (SURGE_S > 0) {
    console.error(`[bench] surge: ${SURGE_CONNECTIONS} connections on / and ${eventPage} for ${SURGE_S} s`);
    surgeResult = await surge(siteUrl, ['/', eventPage]);
    const s = surgeResult;
    console.log(`\nSurge: ${s.total.connections} connections for ${s.durationSeconds} s, split over / and ${eventPage} at once\n`);
    console.log(
      formatTable(
        ['', 'connections', 'sent', 'answered', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'timeouts', 'non-2xx'],
        [...s.perPage.map((p) => ({ label: p.path, ...p })), { label: 'together', ...s.total }].map((m) => [
          m.label,
          String(m.connections),
          String(m.sent),
          String(m.completed),
          String(m.requestsPerSecond),
          String(m.p50Ms),
          String(m.p99Ms),
          String(m.maxMs),
          String(m.errors),
          String(m.timeouts),
          String(m.non2xx),
        ]),
        (column) => column >= 1,
      ),
    );
    console.log('(errors include timeouts; requests sent but unanswered when the time was up are in no latency)');
  }

  const log = await logProblems(logFile);
  const summary = summarize(rows, surgeResult?.pass);
  if (duringPayments) {
    const during = summarize(duringPayments.rows, undefined);
    summary.lines.push(...during.lines.map((line) => `during payments, ${line}`));
    if (duringPayments.traffic.failures > 0) summary.lines.push(`payments during the second pass: ${duringPayments.traffic.failures} failed`);
    summary.pass = summary.pass && during.pass;
  }
  allPassed = summary.pass && (duringPayments?.traffic.failures ?? 0) === 0;
  console.log(`\n${summary.lines.join('\n')}`);
  console.log(`server log: ${log.lines} lines, ${log.warn} warnings, ${log.error} errors`);
  if (log.error > 0) console.log(`  ! the server logged errors; the log was ${logFile} (removed at exit; BENCH_KEEP_LOG=1 keeps it)`);

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cores: cpus().length,
    cpu: cpus()[0]?.model,
    loadAverageAtStart: load.map(Number),
    acceptEncoding: ACCEPT_ENCODING,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    warmupSeconds: WARMUP_S,
    samples,
    targets: TARGET_PERCENT,
    rows,
    duringPayments,
    surge: surgeResult,
    serverLog: log,
    summary: summary.lines,
    pass: summary.pass,
  };
  writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWrote bench/results.json');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (process.env.BENCH_KEEP_LOG) console.log(`server log kept in ${logFile}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
process.exit(allPassed ? 0 : 1);
