import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import type { Db } from '../../db/database';
import type { SweepResult } from '../../domain/payments/sweep';
import type { Logger } from '../../logger';
import { createHttpMetrics } from './http-metrics';
import { registerSiteGauges } from './site-gauges';

/** Never prom-client's global registry: tests run several servers in one process. */
export function createAppMetrics({ db, logger, clock = () => new Date() }: { db: Db; logger: Logger; clock?: () => Date }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerSiteGauges(registry, { db, logger, clock });
  const registers = [registry];
  const sweepRuns = new Counter({ name: 'foundation_payment_sweep_runs_total', help: 'Payment sweep runs on this instance, by result (ok or error).', labelNames: ['result'], registers });
  const swept = new Counter({
    name: 'foundation_payment_sweep_payments_total',
    help: 'Payments the sweep on this instance checked, settled (paid late, or refunded at once when its places had gone) and gave up (expired).',
    labelNames: ['outcome'],
    registers,
  });
  const mail = new Counter({ name: 'foundation_mail_deliveries_total', help: 'Outbox messages this instance tried to deliver, by result (sent, or failed and rescheduled).', labelNames: ['result'], registers });
  // Zero series from the start, so rate() and alerts see them before the first event.
  for (const result of ['ok', 'error']) sweepRuns.inc({ result }, 0);
  for (const outcome of ['checked', 'settled', 'expired', 'refunds_retried']) swept.inc({ outcome }, 0);
  for (const result of ['sent', 'failed']) mail.inc({ result }, 0);

  return {
    registry,
    http: createHttpMetrics(registry),
    sweepFinished(result: SweepResult): void {
      sweepRuns.inc({ result: 'ok' });
      swept.inc({ outcome: 'checked' }, result.checked);
      swept.inc({ outcome: 'settled' }, result.settled);
      swept.inc({ outcome: 'expired' }, result.expired);
      swept.inc({ outcome: 'refunds_retried' }, result.refundsRetried);
    },
    sweepFailed(): void {
      sweepRuns.inc({ result: 'error' });
    },
    mailDelivery(result: 'sent' | 'failed'): void {
      mail.inc({ result });
    },
  };
}

export type AppMetrics = ReturnType<typeof createAppMetrics>;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Both sides hashed first, so neither the token's length nor its letters leak through timing. */
export function metricsRoute(metrics: AppMetrics, token: string): RequestHandler {
  const expected = digest(token);
  return async (req, res, next) => {
    res.set('Cache-Control', 'no-store');
    const given = /^Bearer[ ]+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').type('text/plain').send('A bearer token is needed.');
      return;
    }
    try {
      const text = await metrics.registry.metrics();
      res.type(metrics.registry.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}
