import type { RequestHandler } from 'express';
import type { Db } from '../db/database';
import { schemaState } from '../db/migrate';
import type { Dialect } from '../db/migrations/helpers';
import type { Logger } from '../logger';

export type Readiness =
  | { status: 'ready' }
  | { status: 'not-ready'; reason: 'shutting-down' | 'database-unreachable' | 'migrations-pending' | 'migrating' };

/**
 * Not while shutting down, the database is unreachable, the schema is behind this code, or an
 * instance holds the migration lock (its DDL locks tables until it commits).
 */
export async function readinessOf({ db, dialect, isShuttingDown }: { db: Db; dialect: Dialect; isShuttingDown: () => boolean }): Promise<Readiness> {
  if (isShuttingDown()) return { status: 'not-ready', reason: 'shutting-down' };
  const state = await schemaState(db, dialect);
  if (state === 'pending') return { status: 'not-ready', reason: 'migrations-pending' };
  if (state === 'migrating') return { status: 'not-ready', reason: 'migrating' };
  return { status: 'ready' };
}

export function readinessRoute(deps: { db: Db; dialect: Dialect; isShuttingDown: () => boolean; logger: Logger }): RequestHandler {
  return async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    let readiness: Readiness;
    try {
      readiness = await readinessOf(deps);
    } catch (error) {
      deps.logger.error({ err: error }, 'readiness check: database unreachable');
      readiness = { status: 'not-ready', reason: 'database-unreachable' };
    }
    res.status(readiness.status === 'ready' ? 200 : 503).json(readiness);
  };
}
