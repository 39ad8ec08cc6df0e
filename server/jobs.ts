import type { AppMetrics } from './http/metrics/registry';
import type { Logger } from './logger';
import type { ServerServices } from './services';

const SWEEP_EVERY_MS = 60_000;
const MAIL_EVERY_MS = 15_000;
const PURGE_COUNTERS_EVERY_MS = 10 * 60_000;
/** January only; an hourly look is cheap the rest of the year. */
const STATEMENTS_EVERY_MS = 60 * 60_000;
const MONTHLY_GIFTS_EVERY_MS = 5 * 60_000;
/** Scholarship applications are kept months after a decision: an hour late is nothing. */
const SCHOLARSHIP_RETENTION_EVERY_MS = 60 * 60_000;

/** Every job claims its rows in the database, so instances run them side by side; `stop` waits for runs in progress. */
export function startJobs({ services, logger, metrics }: { services: ServerServices; logger: Logger; metrics?: AppMetrics }) {
  const inFlight = new Set<Promise<unknown>>();
  function track(name: string, run: () => Promise<unknown>): void {
    const promise = run().catch((error: unknown) => logger.error({ err: error, job: name }, 'background job failed'));
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
  }
  let sweeping = false;
  const sweep = (everything: boolean) => {
    // A slow gateway must not pile runs up.
    if (sweeping) return;
    sweeping = true;
    track('payment sweep', () =>
      services.sweep
        .sweep({ everything })
        .then(
          (result) => metrics?.sweepFinished(result),
          (error: unknown) => {
            metrics?.sweepFailed();
            throw error;
          },
        )
        .finally(() => (sweeping = false)),
    );
  };

  let charging = false;
  const chargePlans = () => {
    // The plans' leases keep instances apart.
    if (charging) return;
    charging = true;
    track('monthly gifts', () => services.givingPlans.chargeDue().finally(() => (charging = false)));
  };

  sweep(true);
  track('mail delivery', () => services.mail.deliverDue());
  track('year-end statements', () => services.receipts.sendYearEndStatements());
  const timers = [
    setInterval(() => sweep(false), SWEEP_EVERY_MS),
    setInterval(() => track('mail delivery', () => services.mail.deliverDue()), MAIL_EVERY_MS),
    setInterval(chargePlans, MONTHLY_GIFTS_EVERY_MS),
    setInterval(() => track('counter purge', () => services.counters.purgeExpired()), PURGE_COUNTERS_EVERY_MS),
    setInterval(() => track('staff session purge', () => services.staffAuth.purgeEndedSessions()), PURGE_COUNTERS_EVERY_MS),
    setInterval(() => track('supporter session purge', () => services.supporterSessions.purgeEnded()), PURGE_COUNTERS_EVERY_MS),
    setInterval(() => track('year-end statements', () => services.receipts.sendYearEndStatements()), STATEMENTS_EVERY_MS),
    // ADR 053: lapsed holds and offers free places without a request; the offers claim under the event's lock.
    setInterval(() => track('waiting-list offers', () => services.waitlists.offerFreedPlaces()), SWEEP_EVERY_MS),
    setInterval(() => track('scholarship retention', () => services.scholarshipRounds.purgeExpired()), SCHOLARSHIP_RETENTION_EVERY_MS),
  ];
  for (const timer of timers) timer.unref();

  return {
    async stop(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      await services.mail.idle();
    },
  };
}
