import type { Kysely, Transaction } from 'kysely';
import type { GivingDetails } from '../../../common/donations';
import type { EventImage } from '../../../common/events';
import { parseJsonColumn } from '../json';
import { combinedPayments } from './payments';
import type { Database, PaymentStatus } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Attempts that never went through do not show. */
const SHOWN: PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

export interface PaymentFacts {
  amountCents: number;
  refundedCents: number;
  status: PaymentStatus;
  statusReason: string | null;
  paidAt: string;
}

export interface UserDonation extends PaymentFacts {
  message: string;
  giving: GivingDetails;
}

export async function listDonationsOfUser(db: Executor, userId: number): Promise<UserDonation[]> {
  const rows = await db
    .selectFrom('donations')
    .innerJoin('payments', 'payments.id', 'donations.payment_id')
    .select(['donations.message', 'donations.gift_cents', 'donations.fee_cents', 'donations.anonymous', 'donations.tribute_kind', 'donations.tribute_name', 'payments.amount_cents', 'payments.refunded_cents', 'payments.status', 'payments.status_reason', 'payments.paid_at', 'payments.created_at'])
    .where('payments.user_id', '=', userId)
    .where('payments.status', 'in', SHOWN)
    .orderBy('payments.paid_at', 'desc')
    .orderBy('payments.id', 'desc')
    .execute();
  return rows.map((r) => ({
    message: r.message,
    giving: {
      giftCents: Number(r.gift_cents),
      feeCents: Number(r.fee_cents),
      anonymous: Number(r.anonymous) === 1,
      tribute: r.tribute_kind ? { kind: r.tribute_kind, name: r.tribute_name ?? '' } : null,
    },
    amountCents: Number(r.amount_cents),
    refundedCents: Number(r.refunded_cents),
    status: r.status,
    statusReason: r.status_reason,
    paidAt: r.paid_at ?? r.created_at,
  }));
}

export interface UserSignup extends PaymentFacts {
  id: number;
  cancelledAt: string | null;
  event: { eventNumber: number; eventType: string; eventDate: string; name: string; location: string; image: EventImage | null };
  teamName: string | null;
  people: string[];
}

/** `eventNumber` narrows the list to one event's sign-ups (the event page's "You're signed up"). */
export async function listSignupsOfUser(db: Executor, userId: number, eventNumber?: number): Promise<UserSignup[]> {
  let query = db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .innerJoin('events', 'events.id', 'signups.event_id')
    .select([
      'signups.id',
      'signups.team_name',
      'signups.created_at',
      'signups.cancelled_at',
      'payments.amount_cents',
      'payments.refunded_cents',
      'payments.status',
      'payments.status_reason',
      'payments.paid_at',
      'events.event_number',
      'events.event_type',
      'events.event_date',
      'events.name',
      'events.location',
      'events.image_json',
    ])
    .where('payments.user_id', '=', userId)
    .where('payments.status', 'in', SHOWN)
    // People added to a party show in the party they joined (ADR 024).
    .where('signups.merged_at', 'is', null)
    .orderBy('payments.paid_at', 'desc')
    .orderBy('signups.id', 'desc');
  if (eventNumber !== undefined) query = query.where('events.event_number', '=', eventNumber);
  const signups = await query.execute();
  if (signups.length === 0) return [];
  const ids = signups.map((s) => Number(s.id));
  const added = await db
    .selectFrom('signups')
    .innerJoin('payments', 'payments.id', 'signups.payment_id')
    .select(['signups.party_of', 'payments.amount_cents', 'payments.refunded_cents', 'payments.status'])
    .where('signups.party_of', 'in', ids)
    .where('signups.merged_at', 'is not', null)
    .execute();
  const paymentOf = (p: { amount_cents: number; refunded_cents: number; status: PaymentStatus }) => ({ amountCents: Number(p.amount_cents), refundedCents: Number(p.refunded_cents), status: p.status });
  const [players, attendees] = await Promise.all([
    db.selectFrom('signup_players').select(['signup_id', 'name']).where('signup_id', 'in', ids).orderBy('position').execute(),
    db.selectFrom('signup_attendees').select(['signup_id', 'name']).where('signup_id', 'in', ids).orderBy('position').execute(),
  ]);
  const namesBySignup = new Map<number, string[]>();
  for (const person of [...players, ...attendees]) {
    const list = namesBySignup.get(Number(person.signup_id)) ?? [];
    list.push(person.name);
    namesBySignup.set(Number(person.signup_id), list);
  }
  return signups.map((s) => ({
    id: Number(s.id),
    cancelledAt: s.cancelled_at,
    event: {
      eventNumber: Number(s.event_number),
      eventType: s.event_type,
      eventDate: s.event_date,
      name: s.name,
      location: s.location,
      image: parseJsonColumn<EventImage>(s.image_json),
    },
    paidAt: s.paid_at ?? s.created_at,
    ...combinedPayments([s, ...added.filter((a) => Number(a.party_of) === Number(s.id))].map(paymentOf)),
    statusReason: s.status_reason,
    teamName: s.team_name,
    people: namesBySignup.get(Number(s.id)) ?? [],
  }));
}
