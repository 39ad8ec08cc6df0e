import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChaos, type ChaosRun } from '../../scripts/chaos/campaign';
import { createTestDatabase, testContentDir, testDbKind, type TestDatabase } from '../helpers/test-server';

/**
 * The short version of `npm run chaos` (same modules): a few tens of payments on the simulated
 * gateway while the server process is killed with SIGKILL three times and restarted on the same
 * database and DATA_DIR. Afterwards every charged payment is recorded once, no event sold more
 * places than it has, and every recorded payment sent exactly one mail. The long run (1,000
 * payments and 20 kills per run, PostgreSQL and SQLite, simulated gateway and Stripe) is
 * `npm run chaos`.
 */
const SEED = 20261124;

describe(`payments while the server is killed (${testDbKind()})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let run: ChaosRun;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-chaos-'));
  });
  afterAll(async () => {
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('30 payments, 3 SIGKILLs: nothing lost, nothing doubled, no event over capacity, one mail per payment', async () => {
    run = await runChaos({
      database: testDbKind() === 'postgres' ? { kind: 'postgres', url: database.url } : { kind: 'sqlite', file: database.url },
      dataDir,
      contentDir: testContentDir(),
      gateway: 'simulated',
      payments: 30,
      kills: 3,
      seed: SEED,
      concurrency: 10,
      // A kill during a mail delivery leaves that message leased for 2 minutes: skip the wait.
      fastForwardLeases: true,
      settleTimeoutMs: 60_000,
    });
    const summary = JSON.stringify({ ...run, serverLog: undefined, events: undefined }, null, 1);
    expect(run.failures, summary).toEqual([]);
    expect(run.kills).toBeGreaterThanOrEqual(3);
    expect(run.paymentsAttempted).toBe(30);
    expect(run.charged).toBeGreaterThan(0);
    expect(run.lost).toBe(0);
    expect(run.doubled).toBe(0);
    expect(run.phantom).toBe(0);
    expect(run.recorded).toBe(run.charged);
    expect(run.overCapacityEvents).toBe(0);
    expect(run.mailProblems).toBe(0);
    // One mail per recorded payment, each written once to the outbox folder.
    expect(run.receipts.outboxSent).toBe(run.recorded);
    expect(run.receipts.files).toBe(run.recorded);
    expect(run.settle.settled).toBe(true);
  }, 180_000);
});
