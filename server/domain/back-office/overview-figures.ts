import type { AttentionItem, EventGap, MonthlyGiving, RaisedInPeriod, YearToDate } from '../../../common/back-office';
import { addCalendarDays, foundationTimeToUtc, parseCalendarDate, todayInFoundationZone } from '../../../common/dates';
import { donationTotal } from '../../../common/donations';
import { signupKindOfEventType } from '../../../common/signups/kinds';
import type { Db } from '../../db/database';
import {
  activePlans,
  declinedMonthlyCharges,
  eventsSoon,
  failedRefunds,
  giftsAndDonorsBetween,
  leadNames,
  payerOf,
  waitingForAnAdmin,
} from '../../db/repositories/back-office-overview';
import { raisedBetween } from '../../db/repositories/back-office';

/** How far ahead an event counts as soon, and how far back a declined monthly charge still asks for a look. */
export const SOON_DAYS = 14;
export const DECLINED_DAYS = 30;
const DAY_MS = 86_400_000;

/** The UTC instant a foundation calendar day starts. */
const dayStartIso = (isoDate: string) => new Date(foundationTimeToUtc(isoDate, '00:00')).toISOString();

/** The same month and day in another year; 29 February becomes the 28th where there is none. */
export function sameDateInYear(isoDate: string, year: number): string {
  const [, month, day] = parseCalendarDate(isoDate);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

function raised(rows: Awaited<ReturnType<typeof raisedBetween>>): RaisedInPeriod {
  const events = rows
    .filter((r) => r.purpose === 'signup' && r.eventNumber !== null)
    .map((r) => ({ eventNumber: r.eventNumber!, name: r.name ?? '', cents: r.cents }))
    .sort((a, b) => b.cents - a.cents);
  const donationsCents = rows.filter((r) => r.purpose === 'donation').reduce((sum, r) => sum + r.cents, 0);
  return { donationsCents, events, totalCents: donationsCents + events.reduce((sum, e) => sum + e.cents, 0) };
}

/** 1 January of `year` to the end of `through`, both in the foundation's zone. */
export async function yearToDate(db: Db, year: number, through: string): Promise<YearToDate> {
  const fromIso = dayStartIso(`${year}-01-01`);
  const toIso = dayStartIso(addCalendarDays(through, 1));
  const [rows, { gifts, donors, returning }] = await Promise.all([raisedBetween(db, fromIso, toIso), giftsAndDonorsBetween(db, fromIso, toIso)]);
  return { year, through, figures: { raised: raised(rows), gifts, donors, newDonors: donors - returning, returningDonors: returning } };
}

export async function monthlyGiving(db: Db): Promise<MonthlyGiving> {
  const plans = await activePlans(db);
  return { active: plans.length, monthlyCents: plans.reduce((sum, p) => sum + donationTotal(p.giftCents, p.coverFees).totalCents, 0) };
}

function gapsOf(event: { event_type: string; location: string; start_time: string | null; image_json: string | null; refund_days_before: number | null }): EventGap[] {
  const gaps: EventGap[] = [];
  if (!event.image_json || event.image_json === 'null') gaps.push('picture');
  if (!event.location.trim()) gaps.push('location');
  if (!event.start_time) gaps.push('start time');
  // Only events people sign up for online can be cancelled online.
  if (signupKindOfEventType(event.event_type) && event.refund_days_before === null) gaps.push('refund policy');
  return gaps;
}

/** Money first (a donor or payer is waiting), then events soon, then what waits for an admin. */
export async function needsAttention(db: Db, now: Date): Promise<AttentionItem[]> {
  const today = todayInFoundationZone(now);
  const [declined, refunds, soon, waiting] = await Promise.all([
    declinedMonthlyCharges(db, new Date(now.getTime() - DECLINED_DAYS * DAY_MS).toISOString()),
    failedRefunds(db),
    eventsSoon(db, today, addCalendarDays(today, SOON_DAYS)),
    waitingForAnAdmin(db, today, now.toISOString()),
  ]);
  const leads = await leadNames(db, [...declined, ...refunds].flatMap((r) => (r.signup_id === null ? [] : [Number(r.signup_id)])));
  const items: AttentionItem[] = [];
  for (const d of declined) {
    items.push({ kind: 'monthly_declined', paymentId: Number(d.id), at: d.created_at, amountCents: Number(d.amount_cents), payer: payerOf(d, leads), reason: d.status_reason });
  }
  for (const r of refunds) {
    items.push({ kind: 'refund_failed', paymentId: Number(r.payment_id), refundId: Number(r.refund_id), at: r.created_at, amountCents: Number(r.amount_cents), payer: payerOf(r, leads), error: r.last_error });
  }
  for (const e of soon) {
    const event = { eventNumber: e.event_number, name: e.name, eventDate: e.event_date };
    if (e.unpaidPlaces > 0) items.push({ kind: 'event_unpaid', ...event, places: e.unpaidPlaces });
    const missing = gapsOf(e);
    if (missing.length > 0) items.push({ kind: 'event_details_missing', ...event, missing });
  }
  for (const m of waiting.media) items.push({ kind: 'media_waiting', mediaId: Number(m.id), fileName: m.file_name, at: m.created_at });
  for (const p of waiting.pages) items.push({ kind: 'page_draft', page: p.page, by: p.staff_email, at: p.created_at });
  for (const e of waiting.events) items.push({ kind: 'event_draft', eventNumber: Number(e.event_number), name: e.name, eventDate: e.event_date });
  for (const a of waiting.announcements) items.push({ kind: 'announcement_draft', announcementId: Number(a.id), heading: a.heading, at: a.updated_at ?? a.created_at });
  return items;
}
