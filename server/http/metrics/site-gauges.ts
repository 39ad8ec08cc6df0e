import { Gauge, type Registry } from 'prom-client';
import { poolUseOf, type Db } from '../../db/database';
import { PAYMENT_STATES, readSiteFigures, type SiteFigures } from '../../db/repositories/site-figures';
import type { Logger } from '../../logger';

// Every instance reads the same database: aggregate with max(), not sum().
const SITE_WIDE = 'Site-wide: read from the database at scrape time, the same on every instance.';

/** Read from the database at scrape time; an unreachable database sets `foundation_database_up` to 0. */
export function registerSiteGauges(registry: Registry, { db, logger, clock }: { db: Db; logger: Logger; clock: () => Date }): void {
  let reading: Promise<SiteFigures | null> | null = null;
  const figures = (): Promise<SiteFigures | null> => {
    reading ??= readSiteFigures(db, clock().toISOString())
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'metrics: the site figures could not be read from the database');
        return null;
      })
      .finally(() => (reading = null));
    return reading;
  };
  const registers = [registry];

  new Gauge({
    name: 'foundation_database_up',
    help: 'Whether the site-wide figures could be read from the database in this scrape (1) or not (0).',
    registers,
    async collect() {
      this.set((await figures()) ? 1 : 0);
    },
  });
  const siteGauge = (name: string, help: string, value: (f: SiteFigures) => number) =>
    new Gauge({
      name,
      help: `${help} ${SITE_WIDE}`,
      registers,
      async collect() {
        this.reset();
        const read = await figures();
        if (read) this.set(value(read));
      },
    });
  new Gauge({
    name: 'foundation_payments',
    help: `Payments (donations and sign-ups) by state. ${SITE_WIDE}`,
    labelNames: ['state'],
    registers,
    async collect() {
      this.reset();
      const read = await figures();
      if (read) for (const state of PAYMENT_STATES) this.set({ state }, read.paymentsByState[state]);
    },
  });
  siteGauge('foundation_payments_overdue', 'Pending payments past their expiry that the payment sweep has not given up yet: above 0 for long means the sweep is not running.', (f) => f.overduePayments);
  siteGauge('foundation_signup_holds_open', 'Unpaid sign-ups holding places right now (their card payment is unfinished).', (f) => f.openHolds);
  siteGauge('foundation_signup_held_places', 'Places held by unpaid sign-ups right now.', (f) => f.heldPlaces);
  siteGauge('foundation_mail_outbox_depth', 'Messages in the mail outbox not yet delivered.', (f) => f.outboxDepth);
  siteGauge('foundation_mail_outbox_oldest_age_seconds', 'Age of the oldest undelivered message in the mail outbox (0 when empty).', (f) =>
    f.outboxOldestAt ? Math.max(0, (clock().getTime() - Date.parse(f.outboxOldestAt)) / 1000) : 0,
  );

  // SQLite has no pool.
  if (poolUseOf(db) === null) return;
  const poolGauge = (name: string, help: string, value: (use: NonNullable<ReturnType<typeof poolUseOf>>) => number) =>
    new Gauge({
      name,
      help: `${help} (this instance's PostgreSQL pool).`,
      registers,
      collect() {
        const use = poolUseOf(db);
        if (use) this.set(value(use));
      },
    });
  poolGauge('foundation_db_pool_connections', 'Connections open, busy or idle', (use) => use.total);
  poolGauge('foundation_db_pool_idle_connections', 'Open connections not in use', (use) => use.idle);
  poolGauge('foundation_db_pool_waiting_queries', 'Queries waiting for a free connection: above 0 for long means the pool is too small', (use) => use.waiting);
  poolGauge('foundation_db_pool_max_connections', 'The most connections the pool opens', (use) => use.max);
}
