import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { DonationFilter, DonationRow, DonationSort } from '../../../common/back-office';
import type { GivingDetails, TributeKind } from '../../../common/donations';
import { parseReceiptNumber } from '../../../common/receipts';
import type { Database, PaymentStatus } from '../schema';
import { leadNames, payerOf } from './back-office-overview';
import { isHeld, isSold } from './signups';

type Executor = Kysely<Database> | Transaction<Database>;

export const WENT_THROUGH: PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** The user's own % and _ match literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Dates already turned into UTC instants [from, to). */
export interface DonationQuery extends Omit<DonationFilter, 'fromDate' | 'toDate'> {
  fromIso?: string;
  toIso?: string;
}

type DonationSelect = SelectQueryBuilder<Database, 'payments' | 'donations' | 'users', object>;

function filtered(db: Executor, filter: DonationQuery): DonationSelect {
  let query = db
    .selectFrom('payments')
    .innerJoin('donations', 'donations.payment_id', 'payments.id')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .where('payments.purpose', '=', 'donation') as unknown as DonationSelect;
  query = filter.status ? query.where('payments.status', '=', filter.status) : query.where('payments.status', 'in', WENT_THROUGH);
  if (filter.fromIso) query = query.where('payments.created_at', '>=', filter.fromIso);
  if (filter.toIso) query = query.where('payments.created_at', '<', filter.toIso);
  if (filter.minCents !== undefined) query = query.where('payments.amount_cents', '>=', filter.minCents);
  if (filter.maxCents !== undefined) query = query.where('payments.amount_cents', '<=', filter.maxCents);
  if (filter.q) {
    const pattern = containing(filter.q);
    // "D-12", as the receipt says, finds donation 12 (common/receipts.ts).
    const receipt = parseReceiptNumber(filter.q);
    query = query.where((eb) =>
      eb.or([
        ...(receipt && 'donationId' in receipt ? [eb('donations.id', '=', receipt.donationId)] : []),
        eb(sql`lower(donations.email)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(donations.message)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(users.first || ' ' || users.last)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

const SORT_COLUMNS: Record<DonationSort, string> = {
  date: 'payments.created_at',
  amount: 'payments.amount_cents',
  email: 'donations.email',
  name: 'users.last',
};

/** The count and sum cover every match, not just the page. */
export async function listDonations(
  db: Executor,
  filter: DonationQuery,
  page: { offset: number; limit: number },
): Promise<{ rows: DonationRow[]; total: number; totalCents: number }> {
  const direction = filter.direction === 'asc' ? 'asc' : 'desc';
  const column = SORT_COLUMNS[filter.sort ?? 'date'];
  const [rows, totals] = await Promise.all([
    filtered(db, filter)
      .select([
        'payments.id as payment_id',
        'donations.id as donation_id',
        'payments.created_at',
        'payments.paid_at',
        'users.first',
        'users.last',
        'donations.email',
        'donations.message',
        'donations.gift_cents',
        'donations.fee_cents',
        'donations.anonymous',
        'donations.tribute_kind',
        'donations.tribute_name',
        'donations.notify_name',
        'donations.notify_email',
        'payments.amount_cents',
        'payments.refunded_cents',
        'payments.status',
      ])
      .orderBy(sql.ref(column), direction)
      .orderBy('payments.id', direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filter)
      .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(payments.amount_cents), 0)`.as('cents')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(totals.n),
    totalCents: Number(totals.cents),
    rows: rows.map((r) => ({
      paymentId: Number(r.payment_id),
      donationId: Number(r.donation_id),
      at: r.paid_at ?? r.created_at,
      name: r.first !== null && r.last !== null ? `${r.first} ${r.last}` : null,
      email: r.email,
      message: r.message,
      amountCents: Number(r.amount_cents),
      refundedCents: Number(r.refunded_cents),
      status: r.status,
      giving: givingOfRow(r),
      notify: r.notify_email ? { name: r.notify_name ?? '', email: r.notify_email } : null,
    })),
  };
}

function givingOfRow(r: { gift_cents: number; fee_cents: number; anonymous: number; tribute_kind: TributeKind | null; tribute_name: string | null }): GivingDetails {
  return {
    giftCents: Number(r.gift_cents),
    feeCents: Number(r.fee_cents),
    anonymous: Number(r.anonymous) === 1,
    tribute: r.tribute_kind ? { kind: r.tribute_kind, name: r.tribute_name ?? '' } : null,
  };
}

/** Paid minus refunded. */
export async function raisedBetween(db: Executor, fromIso: string, toIso: string) {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('signups', 'signups.payment_id', 'payments.id')
    .leftJoin('events', 'events.id', 'signups.event_id')
    .select([
      'payments.purpose',
      'events.event_number',
      'events.name',
      sql<number>`coalesce(sum(payments.amount_cents - payments.refunded_cents), 0)`.as('cents'),
    ])
    .where('payments.status', 'in', WENT_THROUGH)
    .where('payments.paid_at', '>=', fromIso)
    .where('payments.paid_at', '<', toIso)
    .groupBy(['payments.purpose', 'events.event_number', 'events.name'])
    .execute();
  return rows.map((r) => ({ purpose: r.purpose, eventNumber: r.event_number === null ? null : Number(r.event_number), name: r.name, cents: Number(r.cents) }));
}

export async function upcomingWithPlaces(db: Executor, fromDate: string, now: string) {
  const events = await db
    .selectFrom('events')
    .select(['id', 'event_number', 'name', 'event_type', 'event_date', 'capacity'])
    .where('active', '=', 1)
    .where('event_date', '>=', fromDate)
    .orderBy('event_date')
    .orderBy('event_number')
    .execute();
  if (events.length === 0) return [];
  const counts = await db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select([
      'signups.event_id',
      (eb) => eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(isSold(eb)).then(eb.ref('signups.places')).else(0).end()), sql<number>`0`).as('sold'),
      (eb) => eb.fn.coalesce(eb.fn.sum<number>(eb.case().when(isHeld(eb, now)).then(eb.ref('signups.places')).else(0).end()), sql<number>`0`).as('held'),
    ])
    .where(
      'signups.event_id',
      'in',
      events.map((e) => e.id),
    )
    .groupBy('signups.event_id')
    .execute();
  const byEvent = new Map(counts.map((c) => [Number(c.event_id), { sold: Number(c.sold), held: Number(c.held) }]));
  return events.map((e) => ({
    eventNumber: Number(e.event_number),
    name: e.name,
    eventType: e.event_type,
    eventDate: e.event_date,
    capacity: e.capacity === null ? null : Number(e.capacity),
    ...(byEvent.get(Number(e.id)) ?? { sold: 0, held: 0 }),
  }));
}

export async function recentPayments(db: Executor, limit: number) {
  const rows = await db
    .selectFrom('payments')
    .leftJoin('donations', 'donations.payment_id', 'payments.id')
    .leftJoin('signups', 'signups.payment_id', 'payments.id')
    .leftJoin('events', 'events.id', 'signups.event_id')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .select([
      'payments.id',
      'payments.purpose',
      'payments.amount_cents',
      'payments.refunded_cents',
      'payments.status',
      'payments.paid_at',
      'payments.created_at',
      'donations.email as donor_email',
      'donations.donor_name',
      'users.first',
      'users.last',
      'signups.id as signup_id',
      'signups.receipt_email',
      'events.name as event_name',
    ])
    .where('payments.status', 'in', WENT_THROUGH)
    .orderBy('payments.paid_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(limit)
    .execute();
  const leads = await leadNames(db, rows.flatMap((r) => (r.signup_id === null ? [] : [Number(r.signup_id)])));
  return rows.map((r) => ({
    paymentId: Number(r.id),
    purpose: r.purpose,
    what: r.purpose === 'donation' ? 'Donation' : r.purpose === 'sponsorship' ? 'Sponsorship' : (r.event_name ?? 'Sign-up'),
    payer: payerOf(r, leads),
    email: r.donor_email ?? r.receipt_email ?? '',
    amountCents: Number(r.amount_cents),
    refundedCents: Number(r.refunded_cents),
    status: r.status,
    at: r.paid_at ?? r.created_at,
  }));
}

export async function listEventSummaries(db: Executor) {
  return db.selectFrom('events').select(['id', 'event_number', 'name', 'event_type', 'event_date', 'capacity', 'published']).orderBy('event_date', 'desc').orderBy('event_number', 'desc').execute();
}

export async function findEventByNumber(db: Executor, eventNumber: number) {
  return db.selectFrom('events').select(['id', 'event_number', 'name', 'event_type', 'event_date', 'capacity', 'published']).where('event_number', '=', eventNumber).executeTakeFirst();
}

/** All but failed and expired attempts. */
export async function listEventSignups(db: Executor, eventId: number) {
  const signups = await db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .select([
      'signups.id',
      'signups.payment_id',
      'signups.kind',
      'signups.receipt_email',
      'signups.team_name',
      'signups.team_contact_number',
      'signups.places',
      'signups.created_at',
      'signups.cancelled_at',
      'signups.party_of',
      'signups.merged_at',
      'payments.status',
      'payments.paid_at',
      'payments.amount_cents',
      'payments.refunded_cents',
      'users.first',
      'users.last',
      'users.email as account_email',
    ])
    .where('signups.event_id', '=', eventId)
    .where('payments.status', 'not in', ['failed', 'expired'])
    .orderBy('signups.created_at')
    .orderBy('signups.id')
    .execute();
  const ids = signups.map((s) => Number(s.id));
  const [players, attendees] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db.selectFrom('signup_players').selectAll().where('signup_id', 'in', ids).orderBy('signup_id').orderBy('position').execute(),
          db.selectFrom('signup_attendees').selectAll().where('signup_id', 'in', ids).orderBy('signup_id').orderBy('position').execute(),
        ]);
  return { signups, players, attendees };
}

/** Answers the row as it was, or null when it is not on a paid sign-up of the event. */
export async function setArrival(
  db: Executor,
  person: { table: 'signup_players' | 'signup_attendees'; id: number },
  eventId: number,
  arrival: { at: string; staffId: number } | null,
): Promise<{ name: string; checkedInAt: string | null } | null> {
  const row = await db
    .selectFrom(person.table)
    .innerJoin('signups', 'signups.id', `${person.table}.signup_id`)
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select([`${person.table}.name as name`, `${person.table}.checked_in_at as checked_in_at`])
    .where(`${person.table}.id`, '=', person.id)
    .where('signups.event_id', '=', eventId)
    .where((eb) => isSold(eb))
    .executeTakeFirst();
  if (!row) return null;
  const before = { name: row.name as string, checkedInAt: row.checked_in_at as string | null };
  if ((before.checkedInAt !== null) === (arrival !== null)) return before;
  await db
    .updateTable(person.table)
    .set({ checked_in_at: arrival?.at ?? null, checked_in_by: arrival?.staffId ?? null })
    .where('id', '=', person.id)
    .execute();
  return before;
}

export async function paymentWithDetails(db: Executor, paymentId: number) {
  const payment = await db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .leftJoin('donations', 'donations.payment_id', 'payments.id')
    .leftJoin('signups', 'signups.payment_id', 'payments.id')
    .leftJoin('events', 'events.id', 'signups.event_id')
    .select([
      'payments.id',
      'payments.purpose',
      'payments.status',
      'payments.status_reason',
      'payments.amount_cents',
      'payments.refunded_cents',
      'payments.created_at',
      'payments.paid_at',
      'payments.intent_id',
      'users.first',
      'users.last',
      'users.email as account_email',
      'donations.id as donation_id',
      'donations.email as donor_email',
      'donations.message',
      'donations.donor_name',
      'donations.gift_cents',
      'donations.fee_cents',
      'donations.anonymous',
      'donations.tribute_kind',
      'donations.tribute_name',
      'donations.notify_name',
      'donations.notify_email',
      'donations.notify_amount',
      'signups.id as signup_id',
      'signups.kind',
      'signups.receipt_email',
      'signups.team_name',
      'signups.places',
      'events.event_number',
      'events.name as event_name',
    ])
    .where('payments.id', '=', paymentId)
    .executeTakeFirst();
  if (!payment) return null;
  const [refunds, mail] = await Promise.all([
    db
      .selectFrom('refunds')
      .leftJoin('staff', 'staff.id', 'refunds.staff_id')
      .select(['refunds.id', 'refunds.amount_cents', 'refunds.reason', 'refunds.note', 'refunds.status', 'refunds.created_at', 'staff.email as staff_email'])
      .where('refunds.payment_id', '=', paymentId)
      .orderBy('refunds.id', 'desc')
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select(['id', 'purpose', 'to_address', 'subject', 'text_body', 'status', 'created_at', 'sent_at'])
      .where('payment_id', '=', paymentId)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const donation =
    payment.donation_id === null
      ? null
      : {
          donorName: payment.donor_name ?? '',
          giving: givingOfRow({
            gift_cents: Number(payment.gift_cents),
            fee_cents: Number(payment.fee_cents),
            anonymous: Number(payment.anonymous),
            tribute_kind: payment.tribute_kind,
            tribute_name: payment.tribute_name,
          }),
          notify: payment.notify_email ? { name: payment.notify_name ?? '', email: payment.notify_email, includeAmount: Number(payment.notify_amount) === 1 } : null,
        };
  return { payment, donation, refunds, mail };
}
