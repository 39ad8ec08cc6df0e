import { sql } from 'kysely';
import type { Db } from '../database';
import type { PaymentStatus } from '../schema';

export const PAYMENT_STATES: readonly PaymentStatus[] = ['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded'];

/** The same on every instance of one database. */
export interface SiteFigures {
  paymentsByState: Record<PaymentStatus, number>;
  overduePayments: number;
  openHolds: number;
  heldPlaces: number;
  outboxDepth: number;
  outboxOldestAt: string | null;
}

/** Three indexed queries: cheap enough for every scrape. */
export async function readSiteFigures(db: Db, now: string): Promise<SiteFigures> {
  const [states, holds, outbox] = await Promise.all([
    db
      .selectFrom('payments')
      .select(['status', sql<number>`count(*)`.as('n'), sql<number>`sum(case when expires_at < ${now} then 1 else 0 end)`.as('overdue')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('payments')
      .innerJoin('signups', 'signups.payment_id', 'payments.id')
      .select([sql<number>`count(*)`.as('holds'), sql<number>`coalesce(sum(signups.places), 0)`.as('places')])
      .where('payments.status', '=', 'pending')
      .where('signups.hold_expires_at', '>', now)
      .where('signups.cancelled_at', 'is', null)
      .where('signups.merged_at', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('mail_outbox')
      .select([sql<number>`count(*)`.as('depth'), sql<string | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
  ]);
  const paymentsByState = Object.fromEntries(PAYMENT_STATES.map((state) => [state, 0])) as Record<PaymentStatus, number>;
  let overduePayments = 0;
  for (const row of states) {
    paymentsByState[row.status] = Number(row.n);
    if (row.status === 'pending') overduePayments = Number(row.overdue);
  }
  return {
    paymentsByState,
    overduePayments,
    openHolds: Number(holds.holds),
    heldPlaces: Number(holds.places),
    outboxDepth: Number(outbox.depth),
    outboxOldestAt: outbox.oldest,
  };
}
