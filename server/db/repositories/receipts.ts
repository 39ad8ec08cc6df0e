import type { Kysely, Transaction } from 'kysely';
import type { SignupKind } from '../../../common/signups/kinds';
import type { Database, PaymentStatus } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** A receipt exists for each, refunds or not. */
const RECEIPTED: PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

export interface ReceiptSource {
  paymentId: number;
  userId: number | null;
  amountCents: number;
  refundedCents: number;
  paidAt: string;
  /** campaign: ADR 047. */
  donation: { id: number; email: string; campaign: { name: string; namesFamily: boolean } | null } | null;
  signup: {
    id: number;
    kind: SignupKind;
    email: string;
    event: { eventNumber: number; eventType: string; name: string; eventDate: string };
    /** As when the sign-up was made, not the event's value today. */
    fairValue: { fairValueCents: number; childFairValueCents: number };
    /** 0 and 0 for teams. */
    adults: number;
    children: number;
  } | null;
  /** ADR 052: the goods and services value as when bought. */
  sponsorship?: { id: number; email: string; packageName: string; goodsValueCents: number; event: { name: string; eventDate: string } } | null;
}

export async function loadReceiptSources(db: Executor, paymentIds: number[]): Promise<ReceiptSource[]> {
  if (paymentIds.length === 0) return [];
  const [payments, donations, signups, sponsorships] = await Promise.all([
    db.selectFrom('payments').select(['id', 'user_id', 'amount_cents', 'refunded_cents', 'paid_at']).where('id', 'in', paymentIds).where('status', 'in', RECEIPTED).where('paid_at', 'is not', null).execute(),
    db
      .selectFrom('donations')
      .leftJoin('campaigns', 'campaigns.id', 'donations.campaign_id')
      .select(['donations.id', 'donations.payment_id', 'donations.email', 'campaigns.name as campaign_name', 'campaigns.family_year'])
      .where('donations.payment_id', 'in', paymentIds)
      .execute(),
    db
      .selectFrom('signups')
      .innerJoin('events', 'events.id', 'signups.event_id')
      .select(['events.event_number', 'events.event_type', 'events.name', 'events.event_date'])
      .select(['signups.id as signup_id', 'signups.payment_id', 'signups.kind', 'signups.receipt_email', 'signups.fair_value_cents', 'signups.child_fair_value_cents'])
      .select(['signups.places', 'signups.merged_at', 'signups.merged_children'])
      .where('signups.payment_id', 'in', paymentIds)
      .execute(),
    db
      .selectFrom('sponsorships')
      .innerJoin('sponsorship_packages', 'sponsorship_packages.id', 'sponsorships.package_id')
      .innerJoin('events', 'events.id', 'sponsorships.event_id')
      .select(['sponsorships.id', 'sponsorships.payment_id', 'sponsorships.contact_email', 'sponsorships.goods_value_cents', 'sponsorship_packages.name as package_name', 'events.name', 'events.event_date'])
      .where('sponsorships.payment_id', 'in', paymentIds)
      .execute(),
  ]);
  const signupIds = signups.map((s) => Number(s.signup_id));
  const attendees = signupIds.length
    ? await db
        .selectFrom('signup_attendees')
        .select(['signup_id', 'child', (eb) => eb.fn.countAll().as('n')])
        .where('signup_id', 'in', signupIds)
        .groupBy(['signup_id', 'child'])
        .execute()
    : [];
  // Added people (ADR 024) were paid for by their own payment.
  const additions = signupIds.length
    ? await db.selectFrom('signups').select(['party_of', 'places', 'merged_children']).where('party_of', 'in', signupIds).where('merged_at', 'is not', null).execute()
    : [];
  const brought = (a: { places: number; merged_children: number | null }) => ({ adults: Number(a.places) - Number(a.merged_children ?? 0), children: Number(a.merged_children ?? 0) });
  const attendeesNow = (signupId: number, child: 0 | 1) => Number(attendees.find((a) => Number(a.signup_id) === signupId && Number(a.child) === child)?.n ?? 0);
  const peopleOf = (s: (typeof signups)[number]) => {
    if (s.merged_at !== null) return brought(s);
    const added = additions.filter((a) => Number(a.party_of) === Number(s.signup_id)).map(brought);
    return {
      adults: Math.max(0, attendeesNow(Number(s.signup_id), 0) - added.reduce((n, a) => n + a.adults, 0)),
      children: Math.max(0, attendeesNow(Number(s.signup_id), 1) - added.reduce((n, a) => n + a.children, 0)),
    };
  };
  const byId = new Map(payments.map((p) => [Number(p.id), p]));
  return paymentIds.flatMap((id): ReceiptSource[] => {
    const payment = byId.get(id);
    if (!payment) return [];
    const donation = donations.find((d) => Number(d.payment_id) === id);
    const signup = signups.find((s) => Number(s.payment_id) === id);
    const sponsorship = sponsorships.find((s) => Number(s.payment_id) === id);
    return [
      {
        paymentId: id,
        userId: payment.user_id === null ? null : Number(payment.user_id),
        amountCents: Number(payment.amount_cents),
        refundedCents: Number(payment.refunded_cents),
        paidAt: payment.paid_at!,
        donation: donation
          ? {
              id: Number(donation.id),
              email: donation.email,
              campaign: donation.campaign_name === null ? null : { name: donation.campaign_name, namesFamily: donation.family_year !== null },
            }
          : null,
        signup: signup
          ? {
              id: Number(signup.signup_id),
              kind: signup.kind,
              email: signup.receipt_email,
              event: {
                eventNumber: Number(signup.event_number),
                eventType: signup.event_type,
                name: signup.name,
                eventDate: signup.event_date,
              },
              fairValue: { fairValueCents: Number(signup.fair_value_cents), childFairValueCents: Number(signup.child_fair_value_cents) },
              ...peopleOf(signup),
            }
          : null,
        sponsorship: sponsorship
          ? {
              id: Number(sponsorship.id),
              email: sponsorship.contact_email,
              packageName: sponsorship.package_name,
              goodsValueCents: Number(sponsorship.goods_value_cents),
              event: { name: sponsorship.name, eventDate: sponsorship.event_date },
            }
          : null,
      },
    ];
  });
}

export async function listReceiptedPaymentIds(db: Executor, userId: number, range?: { from: string; to: string }): Promise<number[]> {
  let query = db.selectFrom('payments').select('id').where('user_id', '=', userId).where('status', 'in', RECEIPTED).where('paid_at', 'is not', null);
  if (range) query = query.where('paid_at', '>=', range.from).where('paid_at', '<', range.to);
  const rows = await query.orderBy('paid_at').orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

export async function listAccountsWithPayments(db: Executor, range: { from: string; to: string }): Promise<{ id: number; email: string; first: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['users.id', 'users.email', 'users.first'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments')
          .select('payments.id')
          .whereRef('payments.user_id', '=', 'users.id')
          .where('payments.status', 'in', RECEIPTED)
          .where('payments.paid_at', '>=', range.from)
          .where('payments.paid_at', '<', range.to),
      ),
    )
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), email: r.email, first: r.first }));
}
