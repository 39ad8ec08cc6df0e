/**
 * `npm run chaos`: card payments while the server is killed with SIGKILL, on SQLite and PostgreSQL,
 * against the simulated gateway and a fake Stripe (four runs by default).
 *
 *   npm run chaos                                        1,000 payments and 20 kills per run, all four runs
 *   npm run chaos -- --payments 300 --kills 20 --db sqlite --gateway stripe
 *
 * Options: --payments N (per run, default 1000), --kills N (per run, default 20), --seed N,
 * --db sqlite|postgres|both, --gateway simulated|stripe|both, --concurrency N (default 20),
 * --late-share X (share of sign-ups paid after their hold lapsed, default 0.1), --out FILE,
 * --keep (keep each run's database and DATA_DIR).
 *
 * Each run: a fresh database and DATA_DIR, the site as its own process (`node --import tsx
 * server/main.ts`), visitors paying donations and golf, gaming and steak-fry sign-ups as the pages
 * do, the process killed at random moments and restarted (on a new port); then one last restart,
 * a wait until the start-up sweep and the mail worker are done, and the books. Prints the figures,
 * writes bench/chaos.json, and exits 1 if a charged payment was lost or doubled, an event sold more
 * places than it has, a recorded payment has not exactly one mail, or fewer kills happened than asked.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseTarget } from '../../server/db/database';
import { materializeFixtureContent } from '../../tests/fixtures/fixture-content';
import { createPostgresDatabase, startPostgresCluster, type PostgresCluster } from '../../tests/helpers/postgres-cluster';
import { buildIfNeeded } from '../build-if-needed.mjs';
import { wholeNumberArg } from '../cli-args';
import { runChaos, type ChaosRun, type GatewayKind } from './campaign';
import { PROJECT_ROOT } from './server';

const DEFAULT_SEED = 20261124;

const { values } = parseArgs({
  options: {
    payments: { type: 'string' },
    kills: { type: 'string' },
    seed: { type: 'string' },
    db: { type: 'string', default: 'both' },
    gateway: { type: 'string', default: 'both' },
    concurrency: { type: 'string' },
    'late-share': { type: 'string' },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

if (values.help) {
  console.log(
    'npm run chaos -- [--payments N] [--kills N] [--seed N] [--db sqlite|postgres|both] [--gateway simulated|stripe|both] [--concurrency N] [--late-share X] [--out FILE] [--keep]',
  );
  process.exit(0);
}

const payments = wholeNumberArg('payments', values.payments, 1000);
const kills = wholeNumberArg('kills', values.kills, 20);
const seed = wholeNumberArg('seed', values.seed, DEFAULT_SEED);
const concurrency = Math.max(1, wholeNumberArg('concurrency', values.concurrency, 20));
const lateShare = values['late-share'] === undefined ? undefined : Number(values['late-share']);
if (lateShare !== undefined && !(lateShare >= 0 && lateShare <= 1)) throw new Error('--late-share must be a number from 0 to 1');
if (!['sqlite', 'postgres', 'both'].includes(values.db)) throw new Error(`--db must be sqlite, postgres or both, got ${values.db}`);
if (!['simulated', 'stripe', 'both'].includes(values.gateway)) throw new Error(`--gateway must be simulated, stripe or both, got ${values.gateway}`);
const dbKinds = (values.db === 'both' ? ['sqlite', 'postgres'] : [values.db]) as DatabaseTarget['kind'][];
const gateways = (values.gateway === 'both' ? ['simulated', 'stripe'] : [values.gateway]) as GatewayKind[];
const outFile = path.resolve(PROJECT_ROOT, values.out ?? 'bench/chaos.json');

// The API does not depend on the pages, but the server will not start without a build.
if (await buildIfNeeded()) console.log('[chaos] site built');

// The test fixture's content (the chaos events are the harness's own), as in tests/integration/chaos.test.ts.
const content = materializeFixtureContent();
process.once('exit', content.remove);

let cluster: PostgresCluster | undefined;
const stopCluster = () => cluster?.stop();
process.once('exit', stopCluster);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopCluster();
    process.exit(130);
  });
}

/** A fresh database of the kind asked for (PostgreSQL: one database in a throwaway cluster). */
async function freshDatabase(kind: DatabaseTarget['kind'], label: string): Promise<{ target: DatabaseTarget; dataDir: string; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `foundation-chaos-${label}-`));
  if (kind === 'sqlite') {
    return { target: { kind, file: path.join(dataDir, 'chaos.sqlite') }, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  cluster ??= await startPostgresCluster();
  const database = await createPostgresDatabase(cluster.adminUrl, `chaos_${label}`);
  return {
    target: { kind, url: database.url },
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

const pad = (value: unknown, width: number) => String(value).padStart(width);

function printRun(run: ChaosRun): void {
  const o = run.outcomes;
  console.log(`\n=== ${run.db} / ${run.gateway} — ${run.paymentsAttempted} payments, ${run.kills} kills (asked ${run.killsRequested}), ${run.durationSeconds} s ===`);
  console.log(`  charged   ${pad(run.charged, 6)}   (intents the gateway reports succeeded)`);
  console.log(`  recorded  ${pad(run.recorded, 6)}   (paid, refunded or partially refunded)`);
  console.log(`  lost      ${pad(run.lost, 6)}`);
  console.log(`  doubled   ${pad(run.doubled, 6)}`);
  console.log(`  phantom   ${pad(run.phantom, 6)}   (recorded without a charge)`);
  console.log(`  refunded  ${pad(run.refunded, 6)}   (late payments refused because the event filled up; each with one refund notice)`);
  console.log(
    `  receipts  ${pad(run.receipts.files, 6)}   .eml files; outbox rows sent ${run.receipts.outboxSent}, pending ${run.receipts.outboxPending}; stray files ${run.receipts.strayFiles}, temp files ${run.receipts.tempFiles}`,
  );
  console.log(`  mail problems ${run.mailProblems}, refund problems ${run.refundProblems}, visitors told wrong ${run.toldWrong}`);
  console.log(`  events (paid places / capacity):`);
  for (const e of run.events) console.log(`    ${e.eventNumber} ${e.kind.padEnd(8)} ${e.contended ? 'sell-out' : 'open    '} ${pad(e.paidPlaces, 5)} / ${pad(e.capacity, 5)}${e.over ? '  OVER CAPACITY' : ''}`);
  console.log(`  over capacity ${run.overCapacityEvents}`);
  console.log(
    `  visits: ${Object.entries(o)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}; retried requests ${run.retries}; 5xx answers ${run.serverErrors}`,
  );
  if (run.webhooks) console.log(`  webhooks: ${run.webhooks.delivered}/${run.webhooks.queued} delivered in ${run.webhooks.attempts} attempts; failures ${JSON.stringify(run.webhooks.failures)}`);
  console.log(`  restarts: median ${run.restartSeconds.median} s, max ${run.restartSeconds.max} s; last restart settled in ${run.settle.seconds} s (waiting then: ${JSON.stringify(run.settle.atStart)})`);
  const tally = Object.entries(run.serverLog.logTally).sort((a, b) => b[1] - a[1]);
  if (tally.length > 0) console.log(`  server log: ${tally.map(([k, v]) => `${k} ×${v}`).join('; ')}`);
  for (const line of run.unexpected.examples) console.log(`  unexpected: ${line}`);
  for (const line of run.gaveUp.slice(0, 3)) console.log(`  gave up: ${line}`);
  for (const line of run.examples) console.log(`  problem: ${line}`);
  for (const crash of run.crashes) console.log(`  crash: ${crash}`);
  console.log(run.failures.length === 0 ? '  PASS' : `  FAIL: ${run.failures.join('; ')}`);
}

const runs: ChaosRun[] = [];
const started = Date.now();
for (const kind of dbKinds) {
  for (const gateway of gateways) {
    const database = await freshDatabase(kind, `${kind}_${gateway}`);
    let run: ChaosRun;
    try {
      run = await runChaos({
        database: database.target,
        dataDir: database.dataDir,
        contentDir: content.dir,
        gateway,
        payments,
        kills,
        seed,
        concurrency,
        shares: lateShare === undefined ? undefined : { late: lateShare },
        log: (line) => console.log(line),
      });
    } catch (error) {
      console.error(`[chaos] ${kind}/${gateway} could not run; its data is kept in ${database.dataDir}`);
      throw error;
    }
    printRun(run);
    runs.push(run);
    if (values.keep || run.failures.length > 0) console.log(`  data kept: ${database.dataDir}${database.target.kind === 'postgres' ? ` and ${database.target.url}` : ''}`);
    else await database.drop();
  }
}
stopCluster();

const totalSeconds = Math.round((Date.now() - started) / 1000);
const failed = runs.filter((r) => r.failures.length > 0);
console.log(`\n${'run'.padEnd(20)} ${['payments', 'kills', 'charged', 'recorded', 'lost', 'doubled', 'receipts', 'refunded', 'over cap', 'seconds'].map((h) => h.padStart(9)).join('')}`);
for (const r of runs) {
  console.log(
    `${`${r.db}/${r.gateway}`.padEnd(20)} ${[r.paymentsAttempted, r.kills, r.charged, r.recorded, r.lost, r.doubled, r.receipts.files, r.refunded, r.overCapacityEvents, r.durationSeconds].map((v) => pad(v, 9)).join('')}`,
  );
}
console.log(`\n${failed.length === 0 ? 'PASS' : 'FAIL'}: ${runs.length} run(s) in ${totalSeconds} s, seed ${seed}`);

mkdirSync(path.dirname(outFile), { recursive: true });
writeFileSync(
  outFile,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      seed,
      options: { payments, kills, concurrency, lateShare: lateShare ?? null },
      machine: { node: process.version, cores: cpus().length },
      totalSeconds,
      pass: failed.length === 0,
      runs: runs.map((r) => ({
        db: r.db,
        gateway: r.gateway,
        paymentsAttempted: r.paymentsAttempted,
        kills: r.kills,
        charged: r.charged,
        recorded: r.recorded,
        lost: r.lost,
        doubled: r.doubled,
        phantom: r.phantom,
        receipts: r.receipts,
        refunded: r.refunded,
        mailProblems: r.mailProblems,
        refundProblems: r.refundProblems,
        toldWrong: r.toldWrong,
        overCapacityEvents: r.overCapacityEvents,
        events: r.events,
        outcomes: r.outcomes,
        retries: r.retries,
        serverErrors: r.serverErrors,
        webhooks: r.webhooks,
        restartSeconds: r.restartSeconds,
        settle: r.settle,
        crashes: r.crashes.length,
        failures: r.failures,
        durationSeconds: r.durationSeconds,
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`wrote ${path.relative(PROJECT_ROOT, outFile)}`);
process.exit(failed.length === 0 ? 0 : 1);
