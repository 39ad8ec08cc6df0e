/**
 * `npm run fuzz`: seeded HTTP fuzzing of the whole site, as a black box, on SQLite and PostgreSQL.
 *
 *   npm run fuzz                                   10,000 requests per database, seed 20261123, both
 *   npm run fuzz -- --requests 2000 --db sqlite     fewer, one database
 *   npm run fuzz -- --seed 7 --db postgres --only 1234,5678   replay single requests
 *
 * Options: --seed N, --requests N, --db sqlite|postgres|both, --concurrency N (default 10),
 * --only i,j,… (replay those request numbers; bench/fuzz.json is not written), --out FILE,
 * --log (one JSON line per request and answer in bench/fuzz-<db>.jsonl).
 *
 * Each database gets a fresh server process (`node --import tsx server/main.ts`, the production
 * build, simulated payments) on a throwaway database, seeded with the test fixture's content
 * (tests/fixtures/content). Prints a status histogram per database and writes bench/fuzz.json.
 * Exits 1 on any 5xx, transport error, stack trace in an answer, server exit, or a /healthz that
 * is not 200 after the run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { materializeFixtureContent } from '../../tests/fixtures/fixture-content';
import { startPostgresCluster, type PostgresCluster } from '../../tests/helpers/postgres-cluster';
import { buildIfNeeded } from '../build-if-needed.mjs';
import { wholeNumberArg } from '../cli-args';
import { distinctFailures, excerpt, formatFailure, histogramTable, runCampaign, type CampaignResult } from './campaign';
import { createDatabase, PROJECT_ROOT, startServerProcess, type DbKind } from './server';

const DEFAULT_SEED = 20261123;

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    requests: { type: 'string' },
    db: { type: 'string', default: 'both' },
    concurrency: { type: 'string' },
    only: { type: 'string' },
    out: { type: 'string' },
    log: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

if (values.help) {
  console.log('npm run fuzz -- [--seed N] [--requests N] [--db sqlite|postgres|both] [--concurrency N] [--only i,j] [--out FILE]');
  process.exit(0);
}

const seed = wholeNumberArg('seed', values.seed, DEFAULT_SEED);
const requests = wholeNumberArg('requests', values.requests, 10_000);
const concurrency = Math.max(1, wholeNumberArg('concurrency', values.concurrency, 10));
const only = values.only?.split(',').map((s) => wholeNumberArg('only', s.trim(), 0));
if (!['sqlite', 'postgres', 'both'].includes(values.db)) throw new Error(`--db must be sqlite, postgres or both, got ${values.db}`);
const kinds: DbKind[] = values.db === 'both' ? ['sqlite', 'postgres'] : [values.db as DbKind];
const outFile = path.resolve(PROJECT_ROOT, values.out ?? 'bench/fuzz.json');

if (await buildIfNeeded()) console.log('[fuzz] site built');

// The content the in-suite fuzz test runs on (tests/fixtures/fixture-content.ts), so its replay command
// (`--seed … --only …`) meets the same pages, events and albums.
const content = materializeFixtureContent();
process.once('exit', content.remove);

let cluster: PostgresCluster | undefined;
const getCluster = async () => (cluster ??= await startPostgresCluster());
const stopCluster = () => cluster?.stop();
process.once('exit', stopCluster);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopCluster();
    process.exit(130);
  });
}

interface DbRun extends CampaignResult {
  db: DbKind;
  serverExitCode: number | null;
  unattributedServerErrors: string[];
}

const runs: DbRun[] = [];
const totalStarted = performance.now();
for (const db of kinds) {
  console.log(`\n[fuzz] ${db}: seed ${seed}, ${only ? `requests ${only.join(',')}` : `${requests.toLocaleString('en-US')} requests`}, concurrency ${concurrency}`);
  const database = await createDatabase(db, getCluster);
  const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: database.dataDir, CONTENT_DIR: content.dir });
  console.log(`[fuzz] ${db}: server pid ${server.pid} at ${server.url}`);
  let lastShown = 0;
  const logLines: string[] = [];
  try {
    const result = await runCampaign({
      baseUrl: server.url,
      seed,
      requests,
      only,
      concurrency,
      serverGone: server.gone,
      serverLog: server.errorFor,
      log: (line) => console.log(`[fuzz] ${db}: ${line}`),
      record: values.log
        ? (request, outcome) =>
            logLines.push(
              JSON.stringify({
                index: request.index,
                category: request.category,
                route: request.route,
                label: request.label,
                method: request.method,
                path: excerpt(request.path, 200),
                body: excerpt(request.body, 200),
                status: outcome.response?.status ?? null,
                error: outcome.error,
                answer: outcome.response ? excerpt(outcome.response.body, 200) : undefined,
                ms: outcome.ms,
              }),
            )
        : undefined,
      progress: (done, total) => {
        const now = performance.now();
        if (done === total || now - lastShown > 5000) {
          lastShown = now;
          process.stdout.write(`[fuzz] ${db}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}\n`);
        }
      },
    });
    if (values.log) {
      const logFile = path.join(path.dirname(outFile), `fuzz-${db}.jsonl`);
      mkdirSync(path.dirname(logFile), { recursive: true });
      writeFileSync(logFile, `${logLines.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0])).join('\n')}\n`);
      console.log(`[fuzz] ${db}: every request in ${path.relative(PROJECT_ROOT, logFile)}`);
    }
    const unattributed = server.unattributedErrors();
    const serverExitCode = await server.stop();
    runs.push({ db, ...result, serverExitCode, unattributedServerErrors: unattributed });
    console.log(`[fuzz] ${db}: ${result.requests.toLocaleString('en-US')} requests in ${(result.durationMs / 1000).toFixed(1)} s, ${result.failures.length} failures`);
  } finally {
    await server.stop();
    await database.drop();
  }
}
const totalMs = Math.round(performance.now() - totalStarted);
stopCluster();

// ---------------------------------------------------------------------------------------------

const replay = (db: DbKind, index: number) => `npm run fuzz -- --db ${db} --seed ${seed} --only ${index}`;
const MAX_SHOWN = 60;
let failureCount = 0;
for (const run of runs) {
  if (run.failures.length === 0) continue;
  failureCount += run.failures.length;
  console.log(`\n=== ${run.db}: ${run.failures.length} failures ===`);
  for (const failure of run.failures.slice(0, MAX_SHOWN)) console.log(`${formatFailure(failure, replay(run.db, failure.index))}\n`);
  if (run.failures.length > MAX_SHOWN) console.log(`… ${run.failures.length - MAX_SHOWN} more in ${path.relative(PROJECT_ROOT, outFile)}`);
  console.log(`--- ${run.db}: distinct failures ---`);
  for (const group of distinctFailures(run.failures)) console.log(`${String(group.count).padStart(4)}× ${group.key}  (first #${group.first.index})`);
  if (run.unattributedServerErrors.length > 0) console.log(`--- ${run.db}: other server error output ---\n${run.unattributedServerErrors.slice(0, 20).join('\n')}`);
}

console.log('\nStatus histogram:\n');
console.log(histogramTable(runs.map((r) => ({ name: r.db === 'sqlite' ? 'SQLite' : 'PostgreSQL', requests: r.requests, histogram: r.histogram }))));
console.log();
for (const run of runs) {
  const rate = run.requests / (run.durationMs / 1000);
  console.log(`${run.db}: ${run.requests.toLocaleString('en-US')} requests in ${(run.durationMs / 1000).toFixed(1)} s (${rate.toFixed(0)}/s), set-up ${run.setupMs} ms, ${run.failures.length} failures`);
}
console.log(`total: ${(totalMs / 1000).toFixed(1)} s`);

if (!only) {
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    seed,
    requestsPerDb: requests,
    concurrency,
    durationMs: totalMs,
    databases: Object.fromEntries(
      runs.map((r) => [
        r.db,
        {
          requests: r.requests,
          durationMs: r.durationMs,
          setupMs: r.setupMs,
          histogram: r.histogram,
          byCategory: r.byCategory,
          byRoute: r.byRoute,
          context: r.context,
          serverExitCode: r.serverExitCode,
          distinctFailures: distinctFailures(r.failures).map((g) => ({ count: g.count, what: g.key, first: g.first.index })),
          failures: r.failures,
        },
      ]),
    ),
    failures: failureCount,
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`figures written to ${path.relative(PROJECT_ROOT, outFile)}`);
}

if (failureCount > 0) {
  console.log(`\nFAIL: ${failureCount} failures (5xx, transport errors, stack traces or an unhealthy server); see above.`);
  process.exit(1);
}
console.log('\nOK: no 5xx, no transport errors, no stack traces; /healthz answered 200 after each run.');
