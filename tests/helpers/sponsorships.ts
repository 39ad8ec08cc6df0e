import type { Db } from '../../server/db/database';

/** A sale's payment state, e.g. refunded because its package or places went while the card paid. */
export const paymentOfSponsorship = (db: Db, sponsorshipId: number) =>
  db
    .selectFrom('payments')
    .innerJoin('sponsorships', 'sponsorships.payment_id', 'payments.id')
    .select(['payments.status', 'payments.status_reason'])
    .where('sponsorships.id', '=', sponsorshipId)
    .executeTakeFirstOrThrow();
