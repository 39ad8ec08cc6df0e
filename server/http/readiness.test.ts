import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { readinessRoute } from './readiness';

/** /readyz against a database this test controls; the integration test covers the running site. */
async function askReadyz(deps: Omit<Parameters<typeof readinessRoute>[0], 'logger'>) {
  const app = express().get('/readyz', readinessRoute({ ...deps, logger: createLogger('silent') }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
    return { status: res.status, body: (await res.json()) as unknown };
  } finally {
    server.close();
  }
}

describe('GET /readyz', () => {
  it('is ready on a migrated database, not on a fresh one, not while shutting down', async () => {
    const db = createDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      expect(await askReadyz({ db, dialect: 'sqlite', isShuttingDown: () => false })).toEqual({ status: 503, body: { status: 'not-ready', reason: 'migrations-pending' } });
      await migrateToLatest(db, 'sqlite');
      expect(await askReadyz({ db, dialect: 'sqlite', isShuttingDown: () => false })).toEqual({ status: 200, body: { status: 'ready' } });
      expect(await askReadyz({ db, dialect: 'sqlite', isShuttingDown: () => true })).toEqual({ status: 503, body: { status: 'not-ready', reason: 'shutting-down' } });
    } finally {
      await db.destroy();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const closed = createDatabase({ kind: 'sqlite', file: ':memory:' });
    await migrateToLatest(closed, 'sqlite'); // Kysely opens the connection on first use: open it, then close it
    await closed.destroy();
    expect(await askReadyz({ db: closed, dialect: 'sqlite', isShuttingDown: () => false })).toEqual({ status: 503, body: { status: 'not-ready', reason: 'database-unreachable' } });
    // Nothing listens on port 1: the connection is refused at once.
    const nowhere = createDatabase({ kind: 'postgres', url: 'postgres://nobody:nothing@127.0.0.1:1/none' });
    try {
      expect(await askReadyz({ db: nowhere, dialect: 'postgres', isShuttingDown: () => false })).toEqual({ status: 503, body: { status: 'not-ready', reason: 'database-unreachable' } });
    } finally {
      await nowhere.destroy();
    }
  });
});
