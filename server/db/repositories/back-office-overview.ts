import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, PaymentStatus } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A gift still counts while some of it is kept; a gift refunded in full is not a gift any more. */
const KEPT: PaymentStatus[] = ['paid', 'partially_refunded'];

/**
 * One donor however often they give: their account's email when they gave signed in, else the
 * address on the gift, lower-cased, so gifts made signed in and signed out by the same person
 * count once.
 */
const donorKey = sql<string>`lower(coalesce(users.email, donations.email))`;

const keptGifts = (db: Executor) =>
  db
    .selectFrom('payments')
    .innerJoin('donations', 'donations.payment_id', 'payments.id')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .where('payments.status', 'in', KEPT);

/**
 * Gifts kept in the period, its donors, and how many of them gave before it. Years of gifts
 * stay quick: the period's donors come from the paid_at index, and each one's earlier gift is
 * looked up by the indexes on lower(email) and user_id, never by grouping every gift ever.
 */
export async function giftsAndDonorsBetween(db: Executor, fromIso: string, toIso: string) {
  const period = keptGifts(db).where('payments.paid_at', '>=', fromIso).where('payments.paid_at', '<', toIso);
  const earlierGift = sql`pay.status in (${sql.join(KEPT)}) and pay.paid_at < ${fromIso}`;
  // Their gift signed out (no account on it) under this email, or one signed in to the account with this email.
  const gaveBefore = sql<boolean>`exists (
      select 1 from donations d join payments pay on pay.id = d.payment_id left join users u on u.id = pay.user_id
      where lower(d.email) = p.donor and (u.id is null or lower(u.email) = p.donor) and ${earlierGift}
    ) or exists (
      select 1 from users u join payments pay on pay.user_id = u.id join donations d on d.payment_id = pay.id
      where lower(u.email) = p.donor and ${earlierGift}
    )`;
  const [gifts, donors] = await Promise.all([
    period.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom(period.select(donorKey.as('donor')).distinct().as('p'))
      .select([sql<number>`count(*)`.as('donors'), sql<number>`coalesce(sum(case when ${gaveBefore} then 1 else 0 end), 0)`.as('returning')])
      .executeTakeFirstOrThrow(),
  ]);
  return { gifts: Number(gifts.n), donors: Number(donors.donors), returning: Number(donors.returning) };
}

export async function activePlans(db: Executor) {
  const rows = await db.selectFrom('giving_plans').select(['gift_cents', 'cover_fees']).where('status', '=', 'active').execute();
  return rows.map((r) => ({ giftCents: Number(r.gift_cents), coverFees: Number(r.cover_fees) === 1 }));
}

/** The payer's name columns, joined by the queries that show a payer. */
const payerColumns = ['users.first', 'users.last', 'donations.donor_name', 'donations.email as donor_email', 'signups.id as signup_id', 'signups.receipt_email'] as const;

export interface PayerColumns {
  first: string | null;
  last: string | null;
  donor_name: string | null;
  donor_email: string | null;
  signup_id: number | null;
  receipt_email: string | null;
}

/** The first player's or attendee's name of each sign-up: who signed the team or party up. */
export async function leadNames(db: Executor, signupIds: number[]): Promise<Map<number, string>> {
  if (signupIds.length === 0) return new Map();
  const [players, attendees] = await Promise.all([
    db.selectFrom('signup_players').select(['signup_id', 'name', 'position']).where('signup_id', 'in', signupIds).execute(),
    db.selectFrom('signup_attendees').select(['signup_id', 'name', 'position']).where('signup_id', 'in', signupIds).execute(),
  ]);
  const names = new Map<number, { name: string; position: number }>();
  for (const person of [...players, ...attendees]) {
    const id = Number(person.signup_id);
    const seen = names.get(id);
    if (person.name.trim() && (!seen || Number(person.position) < seen.position)) names.set(id, { name: person.name.trim(), position: Number(person.position) });
  }
  return new Map([...names].map(([id, { name }]) => [id, name]));
}

/** A name whenever there is one: the account's, the name given with the gift, the sign-up's first person; else the email. */
export function payerOf(row: PayerColumns, leads: Map<number, string>): string {
  const account = `${row.first ?? ''} ${row.last ?? ''}`.trim();
  return account || row.donor_name?.trim() || (row.signup_id !== null ? leads.get(Number(row.signup_id)) : undefined) || row.donor_email || row.receipt_email || '';
}

const withPayer = (db: Executor) =>
  db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .leftJoin('donations', 'donations.payment_id', 'payments.id')
    .leftJoin('signups', 'signups.payment_id', 'payments.id');

/**
 * Monthly charges declined since `sinceIso` whose month no later charge paid: on the site's own
 * schedule each try is a failed payment of the plan's month.
 */
export async function declinedMonthlyCharges(db: Executor, sinceIso: string) {
  const rows = await withPayer(db)
    .innerJoin('giving_plans', 'giving_plans.id', 'donations.plan_id')
    .select(['payments.id', 'payments.amount_cents', 'payments.created_at', 'payments.status_reason', 'donations.plan_id', 'donations.plan_month', ...payerColumns])
    .where('payments.status', '=', 'failed')
    .where('payments.created_at', '>=', sinceIso)
    .where('giving_plans.status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('donations as later')
            .innerJoin('payments as later_payment', 'later_payment.id', 'later.payment_id')
            .select('later.id')
            .whereRef('later.plan_id', '=', 'donations.plan_id')
            .whereRef('later.plan_month', '=', 'donations.plan_month')
            .where('later_payment.status', 'in', ['paid', 'partially_refunded', 'refunded', 'pending']),
        ),
      ),
    )
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .execute();
  // One line per plan and month: the latest try says it all.
  const seen = new Set<string>();
  return rows.filter((r) => {
    const planMonth = `${r.plan_id}:${r.plan_month}`;
    if (seen.has(planMonth)) return false;
    seen.add(planMonth);
    return true;
  });
}

/** Refunds the card processor refused that no later refund of the same payment replaced. */
export async function failedRefunds(db: Executor) {
  return withPayer(db)
    .innerJoin('refunds', 'refunds.payment_id', 'payments.id')
    .select(['refunds.id as refund_id', 'refunds.payment_id', 'refunds.amount_cents', 'refunds.created_at', 'refunds.last_error', ...payerColumns])
    .where('refunds.status', '=', 'failed')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('refunds as later')
            .select('later.id')
            .whereRef('later.payment_id', '=', 'refunds.payment_id')
            .whereRef('later.id', '>', 'refunds.id')
            .where('later.status', '!=', 'failed'),
        ),
      ),
    )
    .orderBy('refunds.created_at', 'desc')
    .orderBy('refunds.id', 'desc')
    .execute();
}

/** Volunteers' uploads not yet approved, page drafts, and event and announcement drafts still to come. */
export async function waitingForAnAdmin(db: Executor, today: string, now: string) {
  const [media, pages, events, announcements] = await Promise.all([
    db.selectFrom('media').select(['id', 'file_name', 'created_at']).where('published', '=', 0).where('archived', '=', 0).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('content_versions').select(['page', 'staff_email', 'created_at']).where('status', '=', 'draft').orderBy('created_at').orderBy('id').execute(),
    db
      .selectFrom('events')
      .select(['event_number', 'name', 'event_date'])
      .where('published', '=', 0)
      .where('active', '=', 1)
      .where('event_date', '>=', today)
      .orderBy('event_date')
      .orderBy('event_number')
      .execute(),
    db
      .selectFrom('announcements')
      .select(['id', 'heading', 'created_at', 'updated_at'])
      .where('published', '=', 0)
      .where((eb) => eb.or([eb('show_until', 'is', null), eb('show_until', '>', now)]))
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return { media, pages, events, announcements };
}

/** Published events from `fromDate` to `toDate` with what a volunteer must still see to: places signed up for but unpaid, and empty details. */
export async function eventsSoon(db: Executor, fromDate: string, toDate: string) {
  const events = await db
    .selectFrom('events')
    .select(['id', 'event_number', 'name', 'event_type', 'event_date', 'start_time', 'location', 'image_json', 'refund_days_before'])
    .where('published', '=', 1)
    .where('active', '=', 1)
    .where('event_date', '>=', fromDate)
    .where('event_date', '<=', toDate)
    .orderBy('event_date')
    .orderBy('event_number')
    .execute();
  if (events.length === 0) return [];
  const held = await db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select(['signups.event_id', sql<number>`coalesce(sum(signups.places), 0)`.as('places')])
    .where(
      'signups.event_id',
      'in',
      events.map((e) => e.id),
    )
    // Unpaid as the registrations page lists them: started, not paid, not cancelled nor merged into a party.
    .where('payments.status', '=', 'pending')
    .where('signups.cancelled_at', 'is', null)
    .where('signups.merged_at', 'is', null)
    .groupBy('signups.event_id')
    .execute();
  const heldBy = new Map(held.map((h) => [Number(h.event_id), Number(h.places)]));
  return events.map((e) => ({ ...e, event_number: Number(e.event_number), unpaidPlaces: heldBy.get(Number(e.id)) ?? 0 }));
}
