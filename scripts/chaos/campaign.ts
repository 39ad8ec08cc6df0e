/**
 * One chaos run: the site as its own process on one database and one gateway, many visitors paying
 * at once, the process killed with SIGKILL at random moments and started again on the same
 * database and DATA_DIR; at the end one last restart, a wait until the start-up sweep and the mail
 * worker are done, and the books (audit.ts). Used by `npm run chaos` and tests/integration/chaos.test.ts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, type Db, type DatabaseTarget } from '../../server/db/database';
import { startFakeStripe, type FakeStripe } from '../../tests/helpers/fake-stripe';
import { Rng } from '../fuzz/rng';
import { audit, waitUntilSettled, type AuditFigures, type Backlog } from './audit';
import { loopbackAddress } from './http';
import { ServerSupervisor, type ServerStats } from './server';
import {
  createChaosEvents,
  createWebhookSender,
  DEFAULT_SHARES,
  planFlow,
  runFlow,
  UserPool,
  type FlowOutcome,
  type FlowResult,
  type TrafficShares,
  type WebhookStats,
} from './traffic';

export type GatewayKind = 'simulated' | 'stripe';

export interface ChaosOptions {
  /** The database the server runs on: an empty SQLite file path or PostgreSQL database. */
  database: DatabaseTarget;
  /** DATA_DIR of the server (outbox, JWT secret): a fresh folder. */
  dataDir: string;
  /** CONTENT_DIR the server seeds from (the test fixture with its dates moved to today, see tests/fixtures/fixture-content.ts). */
  contentDir: string;
  gateway: GatewayKind;
  /** Visits that pay (or try to). */
  payments: number;
  /** SIGKILLs while the visitors pay (at least this many happen). */
  kills: number;
  seed: number;
  /** Visitors at once. */
  concurrency?: number;
  shares?: Partial<TrafficShares>;
  /** How long the last restart may take to settle everything (the mail and refund leases are 2 minutes). */
  settleTimeoutMs?: number;
  /**
   * After the last restart, end at once the leases that killed instances held on mail and refunds
   * (as if their 2 minutes had passed), instead of waiting for them. For the short test; the CLI
   * waits for real.
   */
  fastForwardLeases?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface ChaosRun extends AuditFigures {
  db: DatabaseTarget['kind'];
  gateway: GatewayKind;
  seed: number;
  paymentsAttempted: number;
  kills: number;
  killsRequested: number;
  /** Unexpected exits of the server (not ours). */
  crashes: string[];
  outcomes: Partial<Record<FlowOutcome, number>>;
  /** Answers the visits did not expect, by step and status, with examples. */
  unexpected: { count: number; examples: string[] };
  /** Visits that gave up on an unanswering server, with what each request got. */
  gaveUp: string[];
  /** Requests retried after a connection error. */
  retries: number;
  /** 5xx answers the visitors and the webhook got. */
  serverErrors: number;
  webhooks: WebhookStats | null;
  restartSeconds: { median: number; max: number };
  /** The last restart: how long until everything was settled, what was left when it came up, and at the end. */
  settle: { seconds: number; settled: boolean; atStart: Backlog; left: Backlog; leasesFastForwarded: number };
  serverLog: Pick<ServerStats, 'logTally' | 'errorLines'>;
  durationSeconds: number;
  /** Why the run fails (empty: it passes). */
  failures: string[];
}

const STRIPE = {
  secretKey: 'sk_test_chaos_0123456789abcdef',
  publishableKey: 'pk_test_chaos_0123456789abcdef',
  webhookSecret: 'whsec_chaos_0123456789abcdef',
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** Claims are leased for 2 minutes (mail-queue.ts, core.ts). */
const LEASE_MS = 2 * 60_000;

/**
 * Mail and refunds claimed by an instance that was killed before `lastStart` come back once their
 * lease ends; this moves that moment to now, as if the time had passed. Claims of the running
 * instance (made after `lastStart`) are left alone.
 */
async function endDeadLeases(db: Db, lastStart: number): Promise<number> {
  const now = new Date().toISOString();
  const claimedBefore = new Date(lastStart + LEASE_MS).toISOString();
  let moved = 0;
  for (const table of ['mail_outbox', 'refunds'] as const) {
    const result = await db
      .updateTable(table)
      .set({ next_attempt_at: now })
      .where('status', '=', 'pending')
      .where('attempts', '>', 0)
      .where('next_attempt_at', '>', now)
      .where('next_attempt_at', '<', claimedBefore)
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  return moved;
}

export async function runChaos(options: ChaosOptions): Promise<ChaosRun> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const concurrency = Math.max(1, options.concurrency ?? 20);
  const shares: TrafficShares = { ...DEFAULT_SHARES, ...options.shares };
  const label = `${options.database.kind}/${options.gateway}`;
  const runTag = `${options.seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
  let addresses = 0;
  const nextAddress = () => loopbackAddress(addresses++);

  let fake: FakeStripe | undefined;
  let db: Db | undefined;
  let server: ServerSupervisor | undefined;
  try {
    mkdirSync(options.dataDir, { recursive: true });
    if (options.gateway === 'stripe') fake = await startFakeStripe({ secretKey: STRIPE.secretKey });
    // The environment of the SIGKILL test in payments-reliability.test.ts, plus no drain on shutdown.
    server = new ServerSupervisor({
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.database.kind === 'sqlite' ? options.database.file : options.database.url,
      CONTENT_DIR: options.contentDir,
      // Warnings and errors only: a kill should not wait on a full pipe of request logs.
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '0',
      SHUTDOWN_TIMEOUT_MS: '5000',
      ...(fake
        ? {
            STRIPE_SECRET_KEY: STRIPE.secretKey,
            STRIPE_PUBLISHABLE_KEY: STRIPE.publishableKey,
            STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
            STRIPE_API_URL: fake.url,
          }
        : {}),
    });
    const site = server;
    const webhooks = fake ? createWebhookSender({ fake, webhookSecret: STRIPE.webhookSecret, baseUrl: () => site.url() }) : null;

    // Set-up, before any kill: the first start migrates and seeds; then events and accounts.
    log(`[${label}] starting the server`);
    await site.start();
    db = createDatabase(options.database);
    const events = await createChaosEvents(db, options.payments);
    const signupShare = 0.7;
    const userCount = Math.ceil((options.payments * signupShare) / 8) + concurrency;
    log(`[${label}] registering ${userCount} accounts`);
    const users = await UserPool.register({ count: userCount, runTag, baseUrl: () => site.url(), nextAddress });

    // The traffic, with the killer alongside.
    const harnessDb = db;
    const ageHold = async (intentId: string) => {
      await harnessDb
        .updateTable('signups')
        .set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('payment_id', 'in', harnessDb.selectFrom('payments').select('id').where('intent_id', '=', intentId))
        .where('hold_expires_at', 'is not', null)
        .execute();
    };
    const ctx = { gateway: options.gateway, baseUrl: () => site.url(), nextAddress, users, ageHold, stripe: fake && webhooks ? { fake, webhooks } : undefined };
    const flows: FlowResult[] = [];
    let next = 0;
    let completed = 0;
    let trafficDone = false;
    const trafficStarted = Date.now();
    log(`[${label}] ${options.payments} payments, ${concurrency} at once, ${options.kills} kills`);
    const worker = async () => {
      while (next < options.payments) {
        const plan = planFlow(options.seed, next++, events, runTag, shares);
        flows.push(await runFlow(ctx, plan));
        completed += 1;
        if (completed % Math.max(1, Math.round(options.payments / 10)) === 0) {
          log(`[${label}] ${completed}/${options.payments} visits done, ${site.stats.kills} kills, ${seconds(Date.now() - trafficStarted)} s`);
        }
      }
    };
    const killer = async () => {
      const rng = new Rng(options.seed, 0x6b696c6c);
      // Kill moments are tied to progress (visits done), so they fall while visitors pay however
      // fast this machine is; within that, at a random point of the instance's life.
      const marks = Array.from({ length: options.kills }, () => Math.floor(options.payments * (0.03 + rng.float() * 0.87))).sort((a, b) => a - b);
      for (const mark of marks) {
        while (completed < mark && !trafficDone) await sleep(25);
        await site.whenUp();
        await sleep(rng.chance(0.2) ? rng.int(0, 150) : rng.int(150, 2500));
        await site.chaosKill();
        await site.start();
      }
    };
    await Promise.all([Promise.all(Array.from({ length: concurrency }, worker)).then(() => (trafficDone = true)), killer()]);
    log(`[${label}] traffic done in ${seconds(Date.now() - trafficStarted)} s; ${site.stats.kills} kills`);

    // One last restart, then wait for Stripe's webhooks, the start-up sweep and the mail worker.
    await site.kill();
    const lastStart = Date.now();
    await site.start();
    await webhooks?.idle();
    let leasesFastForwarded = 0;
    if (options.fastForwardLeases) leasesFastForwarded = await endDeadLeases(db, lastStart);
    const settle = await waitUntilSettled(db, { kind: options.gateway, fake }, options.settleTimeoutMs ?? 300_000, (left, ms) =>
      log(`[${label}] settling, ${seconds(ms)} s: ${JSON.stringify(left)}`),
    );
    log(`[${label}] settled in ${seconds(settle.ms)} s${settle.settled ? '' : ` — NOT settled: ${JSON.stringify(settle.left)}`}`);

    const books = await audit({ db, gateway: { kind: options.gateway, fake }, outboxDir: path.join(options.dataDir, 'outbox'), events, flows });
    await site.stop();

    const outcomes: Partial<Record<FlowOutcome, number>> = {};
    for (const f of flows) outcomes[f.outcome] = (outcomes[f.outcome] ?? 0) + 1;
    const unexpected = flows.filter((f) => f.unexpected);
    let serverErrors = 0;
    for (const f of flows) for (const [key, n] of Object.entries(f.answers)) if (/ 5\d\d$/.test(key)) serverErrors += n;
    for (const [status, n] of Object.entries(webhooks?.stats.failures ?? {})) if (/^5\d\d$/.test(status)) serverErrors += n;
    const restarts = [...site.stats.restartMs].sort((a, b) => a - b);

    const failures: string[] = [];
    if (books.lost > 0) failures.push(`${books.lost} charged payment(s) lost`);
    if (books.doubled > 0) failures.push(`${books.doubled} payment(s) doubled`);
    if (books.phantom > 0) failures.push(`${books.phantom} payment(s) recorded without a charge`);
    if (books.overCapacityEvents > 0) failures.push(`${books.overCapacityEvents} event(s) over capacity`);
    if (books.mailProblems > 0) failures.push(`${books.mailProblems} payment(s) without exactly one mail`);
    if (books.refundProblems > 0) failures.push(`${books.refundProblems} refused payment(s) not refunded exactly once`);
    if (books.toldWrong > 0) failures.push(`${books.toldWrong} visitor(s) told something the books do not say`);
    if (books.harnessMismatches > 0) failures.push(`${books.harnessMismatches} harness mismatch(es)`);
    if (site.stats.kills < options.kills) failures.push(`only ${site.stats.kills} of ${options.kills} kills happened`);
    if (site.stats.crashes.length > 0) failures.push(`the server exited ${site.stats.crashes.length} time(s) on its own`);
    if (!settle.settled) failures.push(`not settled after the last restart: ${JSON.stringify(settle.left)}`);
    if (webhooks && webhooks.stats.undelivered > 0) failures.push(`${webhooks.stats.undelivered} webhook(s) never answered 200`);

    return {
      db: options.database.kind,
      gateway: options.gateway,
      seed: options.seed,
      paymentsAttempted: flows.length,
      kills: site.stats.kills,
      killsRequested: options.kills,
      crashes: site.stats.crashes,
      ...books,
      outcomes,
      unexpected: { count: unexpected.length, examples: unexpected.slice(0, 10).map((f) => `visit ${f.index} (${f.kind}) ${f.unexpected}`) },
      gaveUp: flows
        .filter((f) => f.outcome.startsWith('gave_up'))
        .slice(0, 10)
        .map((f) => `visit ${f.index} (${f.kind}) ${f.outcome}: ${JSON.stringify(f.answers)}`),
      retries: flows.reduce((sum, f) => sum + f.retries, 0),
      serverErrors,
      webhooks: webhooks?.stats ?? null,
      restartSeconds: { median: seconds(restarts[Math.floor(restarts.length / 2)] ?? 0), max: seconds(restarts.at(-1) ?? 0) },
      settle: { seconds: seconds(settle.ms), settled: settle.settled, atStart: settle.first, left: settle.left, leasesFastForwarded },
      serverLog: { logTally: site.stats.logTally, errorLines: site.stats.errorLines },
      durationSeconds: seconds(Date.now() - started),
      failures,
    };
  } finally {
    await server?.kill();
    await db?.destroy();
    await fake?.close();
  }
}
