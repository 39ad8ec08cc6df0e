import type {
  BackOfficeReports,
  CheckInList,
  DonationFilter,
  EventRegistrations,
  EventSummary,
  Overview,
  PaymentDetail,
  Registration,
  RegistrationPerson,
  StaffActor,
} from '../../../common/back-office';
import { registrationLabel } from '../../../common/back-office';
import { foundationTimeToUtc, parseCalendarDate, todayInFoundationZone } from '../../../common/dates';
import { monthlyGiving, needsAttention, sameDateInYear, yearToDate } from './overview-figures';
import { SHIRT_SIZES } from '../../../common/signups/golf';
import { rulesOfEventType, signupKindOfEventType, type SignupKind } from '../../../common/signups/kinds';
import type { Db } from '../../db/database';
import { listAudit } from '../../db/repositories/audit-log';
import { recordAudit } from './audit';
import { runningCampaignsProgress } from '../campaigns/campaigns';
import { combinedPayments } from '../../db/repositories/payments';
import { findSponsorshipOfPayment } from '../../db/repositories/sponsorships';
import { findEventForSignup } from '../../db/repositories/signups';
import {
  findEventByNumber,
  listDonations,
  listEventSignups,
  listEventSummaries,
  paymentWithDetails,
  recentPayments,
  upcomingWithPlaces,
  type DonationQuery,
} from '../../db/repositories/back-office';

export const DONATIONS_PAGE_SIZE = 50;
const AUDIT_PAGE_SIZE = 50;
const RECENT_PAYMENTS = 10;

/** The UTC instant a foundation calendar day starts. */
const dayStartIso = (isoDate: string) => new Date(foundationTimeToUtc(isoDate, '00:00')).toISOString();

/** The calendar day after a YYYY-MM-DD date. */
function nextDay(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The filter as the database sees it: calendar dates become instants in the foundation's zone. */
export function donationQuery(filter: DonationFilter): DonationQuery {
  const { fromDate, toDate, ...rest } = filter;
  return {
    ...rest,
    ...(fromDate ? { fromIso: dayStartIso(fromDate) } : {}),
    ...(toDate ? { toIso: dayStartIso(nextDay(toDate)) } : {}),
  };
}

const personKey = (table: 'player' | 'attendee', id: number) => `${table}:${id}`;

type SignupRows = Awaited<ReturnType<typeof listEventSignups>>;

function registrationsOf({ signups, players, attendees }: SignupRows): Registration[] {
  const people = new Map<number, RegistrationPerson[]>();
  const add = (signupId: number, person: RegistrationPerson) => people.set(signupId, [...(people.get(signupId) ?? []), person]);
  for (const p of players) {
    add(Number(p.signup_id), {
      key: personKey('player', Number(p.id)),
      position: Number(p.position),
      name: p.name,
      email: p.email,
      shirtSize: p.shirt_size,
      activisionId: p.activision_id,
      location: p.location,
      child: false,
      allergies: null,
      checkedInAt: p.checked_in_at,
    });
  }
  for (const a of attendees) {
    add(Number(a.signup_id), {
      key: personKey('attendee', Number(a.id)),
      position: Number(a.position),
      name: a.name,
      email: null,
      shirtSize: null,
      activisionId: null,
      location: null,
      child: Number(a.child) === 1,
      allergies: a.allergies,
      checkedInAt: a.checked_in_at,
    });
  }
  const paymentOf = (p: (typeof signups)[number]) => ({ amountCents: Number(p.amount_cents), refundedCents: Number(p.refunded_cents), status: p.status });
  // People added to a party are the party's: their payments count in its amounts, not as a row of their own (ADR 024).
  const partyPayments = (s: (typeof signups)[number]) => combinedPayments([s, ...signups.filter((a) => a.merged_at !== null && Number(a.party_of) === Number(s.id))].map(paymentOf));
  return signups.filter((s) => s.merged_at === null).map((s) => ({
    signupId: Number(s.id),
    paymentId: Number(s.payment_id),
    status: s.status,
    createdAt: s.created_at,
    paidAt: s.paid_at,
    cancelledAt: s.cancelled_at,
    receiptEmail: s.receipt_email,
    account: s.account_email ? { name: `${s.first ?? ''} ${s.last ?? ''}`.trim(), email: s.account_email } : null,
    teamName: s.team_name,
    teamContactNumber: s.team_contact_number,
    places: Number(s.places),
    // The row's state stays its own payment's: that one decides whether the party holds its places.
    amountCents: partyPayments(s).amountCents,
    refundedCents: partyPayments(s).refundedCents,
    people: (people.get(Number(s.id)) ?? []).sort((a, b) => a.position - b.position),
  }));
}

/** Paid includes partly refunded: those people are still coming, unless they cancelled. */
export const isPaid = (r: Pick<Registration, 'status' | 'cancelledAt'>) => (r.status === 'paid' || r.status === 'partially_refunded') && r.cancelledAt === null;

function eventSummary(e: { event_number: number; name: string; event_type: string; event_date: string; capacity: number | null; published: number }): EventRegistrations['event'] {
  return {
    eventNumber: Number(e.event_number),
    name: e.name,
    eventType: e.event_type,
    eventDate: e.event_date,
    signupKind: signupKindOfEventType(e.event_type),
    capacity: e.capacity === null ? null : Number(e.capacity),
    published: Number(e.published) === 1,
  };
}

/** Reads for the back office: every list pages and filters in the database. */
export function createBackOfficeReports({ db, clock = () => new Date() }: { db: Db; clock?: () => Date }): BackOfficeReports & {
  registrationList(eventNumber: number): Promise<{ event: EventRegistrations['event']; registrations: Registration[] } | null>;
} {
  async function registrationList(eventNumber: number) {
    const event = await findEventByNumber(db, eventNumber);
    if (!event) return null;
    return { event: eventSummary(event), registrations: registrationsOf(await listEventSignups(db, Number(event.id))) };
  }

  return {
    registrationList,

    async overview(now: Date = clock()): Promise<Overview> {
      const today = todayInFoundationZone(now);
      const [year] = parseCalendarDate(today);
      const [thisYear, lastYear, monthly, attention, campaigns, upcoming, recent] = await Promise.all([
        yearToDate(db, year, today),
        yearToDate(db, year - 1, sameDateInYear(today, year - 1)),
        monthlyGiving(db),
        needsAttention(db, now),
        runningCampaignsProgress(db, now),
        upcomingWithPlaces(db, today, now.toISOString()),
        recentPayments(db, RECENT_PAYMENTS),
      ]);
      return {
        thisYear,
        lastYear,
        monthly,
        attention,
        campaigns,
        upcoming: upcoming.map((e) => ({
          ...e,
          signupKind: signupKindOfEventType(e.eventType),
          left: e.capacity === null ? null : Math.max(0, e.capacity - e.sold - e.held),
        })),
        recentPayments: recent,
      };
    },

    async donations(filter: DonationFilter) {
      const pageSize = Math.min(Math.max(filter.pageSize ?? DONATIONS_PAGE_SIZE, 1), 200);
      const page = Math.max(1, Math.floor(filter.page ?? 1));
      const { rows, total, totalCents } = await listDonations(db, donationQuery(filter), { offset: (page - 1) * pageSize, limit: pageSize });
      return { items: rows, total, totalCents, page, pageSize };
    },

    async payment(paymentId: number, viewer: StaffActor): Promise<PaymentDetail | null> {
      const found = await paymentWithDetails(db, paymentId);
      if (!found) return null;
      // A payment page shows a supporter's name, address and message: who looked is worth a trace.
      await recordAudit(db, viewer, { action: 'payment_viewed', subject: `payment:${paymentId}`, summary: `Viewed payment ${paymentId}` }, clock());
      const { payment: p, donation, refunds, mail } = found;
      const committed = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + Number(r.amount_cents), 0);
      const refundable = p.status === 'paid' || p.status === 'partially_refunded' ? Number(p.amount_cents) - committed : 0;
      const sale = p.purpose === 'sponsorship' ? await findSponsorshipOfPayment(db, paymentId) : null;
      const saleEvent = sale ? await findEventForSignup(db, { id: sale.eventId }, false) : null;
      return {
        paymentId: Number(p.id),
        purpose: p.purpose,
        status: p.status,
        statusReason: p.status_reason,
        amountCents: Number(p.amount_cents),
        refundedCents: Number(p.refunded_cents),
        refundableCents: Math.max(0, refundable),
        createdAt: p.created_at,
        paidAt: p.paid_at,
        intentId: p.intent_id,
        account: p.account_email ? { name: `${p.first ?? ''} ${p.last ?? ''}`.trim(), email: p.account_email } : null,
        donation: p.donation_id !== null && donation ? { donationId: Number(p.donation_id), email: p.donor_email ?? '', message: p.message ?? '', ...donation } : null,
        signup:
          p.signup_id !== null
            ? {
                signupId: Number(p.signup_id),
                eventNumber: Number(p.event_number),
                eventName: p.event_name ?? '',
                kind: p.kind as SignupKind,
                receiptEmail: p.receipt_email ?? '',
                teamName: p.team_name,
                places: Number(p.places),
              }
            : null,
        sponsorship:
          sale && saleEvent
            ? { sponsorshipId: sale.id, eventNumber: saleEvent.eventNumber, eventName: saleEvent.name, companyName: sale.companyName, packageName: sale.packageName, contactEmail: sale.contactEmail }
            : null,
        refunds: refunds.map((r) => ({
          id: Number(r.id),
          amountCents: Number(r.amount_cents),
          reason: r.reason,
          note: r.note,
          status: r.status,
          staffEmail: r.staff_email,
          createdAt: r.created_at,
        })),
        mail: mail.map((m) => ({
          id: Number(m.id),
          purpose: m.purpose,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          status: m.status,
          createdAt: m.created_at,
          sentAt: m.sent_at,
        })),
      };
    },

    async events(): Promise<EventSummary[]> {
      return (await listEventSummaries(db)).map((e) => ({ eventNumber: Number(e.event_number), name: e.name, eventDate: e.event_date, signupKind: signupKindOfEventType(e.event_type), published: Number(e.published) === 1 }));
    },

    async registrations(eventNumber: number): Promise<EventRegistrations | null> {
      const list = await registrationList(eventNumber);
      if (!list) return null;
      const paid = list.registrations.filter(isPaid);
      const people = paid.flatMap((r) => r.people);
      const attendees = people.filter((p) => p.key.startsWith('attendee:'));
      const shirts = SHIRT_SIZES.map((size) => ({ size, count: people.filter((p) => p.shirtSize === size).length }));
      return {
        event: list.event,
        paid,
        pending: list.registrations.filter((r) => r.status === 'pending'),
        refunded: list.registrations.filter((r) => r.status === 'refunded' || (r.cancelledAt !== null && r.status !== 'pending')),
        tallies: {
          teams: rulesOfEventType(list.event.eventType).party ? 0 : paid.length,
          people: people.length,
          shirts,
          adults: attendees.filter((a) => !a.child).length,
          children: attendees.filter((a) => a.child).length,
          allergies: attendees.filter((a) => a.allergies && a.allergies.trim()).map((a) => ({ name: a.name, allergies: a.allergies!.trim() })),
        },
      };
    },

    async checkInList(eventNumber: number, search?: string): Promise<CheckInList | null> {
      const list = await registrationList(eventNumber);
      if (!list) return null;
      const everyone = list.registrations.filter(isPaid).flatMap((r) =>
        r.people.map((p) => ({ key: p.key, name: p.name, group: registrationLabel(r), signupId: r.signupId, child: p.child, checkedInAt: p.checkedInAt })),
      );
      const wanted = search?.trim().toLowerCase();
      const people = wanted ? everyone.filter((p) => p.name.toLowerCase().includes(wanted) || p.group.toLowerCase().includes(wanted)) : everyone;
      return {
        event: { eventNumber: list.event.eventNumber, name: list.event.name, eventDate: list.event.eventDate, signupKind: list.event.signupKind, published: list.event.published },
        people: people.sort((a, b) => a.name.localeCompare(b.name)),
        arrived: everyone.filter((p) => p.checkedInAt !== null).length,
        expected: everyone.length,
      };
    },

    async audit(page: number) {
      const safePage = Math.max(1, Math.floor(page));
      const { items, total } = await listAudit(db, (safePage - 1) * AUDIT_PAGE_SIZE, AUDIT_PAGE_SIZE);
      return {
        items: items.map(({ staffId: _staffId, ...entry }) => entry),
        total,
        page: safePage,
        pageSize: AUDIT_PAGE_SIZE,
      };
    },
  };
}
