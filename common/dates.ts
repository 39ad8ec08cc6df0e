// Only the offset function: the package root also loads TZDate, whose module runs code at load
// time, so bundlers could not drop it from the browser bundle.
import { tzOffset } from '@date-fns/tz/tzOffset';

/**
 * Every date and time the site shows or computes, in one place; isomorphic (browser and server).
 *
 * Two kinds of values, never mixed up:
 * - a **calendar date** ("2027-06-19") or **clock time** ("13:05") is a wall-clock value in the
 *   foundation's zone; it is formatted in UTC so no zone (the server's, the visitor's) can move it;
 * - an **instant** (a `Date`, "2026-11-22T18:04:05.000Z") is shown as its date in the foundation's zone.
 */

/** The foundation and its events are in New York's zone (the Ohio Valley keeps the same clock). */
export const FOUNDATION_TIME_ZONE = 'America/New_York';

// Building an Intl formatter is costly; these are made once and reused on every request.
const calendarDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const calendarDateWithWeekday = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const dayInFoundationZone = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});
const numericDayInFoundationZone = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** 'YYYY-MM-DD' → [year, month, day]; throws on anything else so a bad row fails loudly. */
export function parseCalendarDate(isoDate: string): [year: number, month: number, day: number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** '2027-06-19' plus `days` (negative goes back) as 'YYYY-MM-DD', counted on the calendar, never in hours. */
export function addCalendarDays(isoDate: string, days: number): string {
  const [year, month, day] = parseCalendarDate(isoDate);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** 'HH:MM' (24 h, seconds allowed and ignored) → [hours, minutes]; throws on anything else. */
export function parseClockTime(time: string): [hours: number, minutes: number] {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * A calendar date for people: "1979-05-12" → "May 12, 1979", or with `weekday`
 * "2027-06-19" → "Saturday, June 19, 2027". Read and written in UTC so the day never shifts.
 */
export function formatCalendarDate(isoDate: string, { weekday = false }: { weekday?: boolean } = {}): string {
  const [year, month, day] = parseCalendarDate(isoDate);
  return (weekday ? calendarDateWithWeekday : calendarDate).format(Date.UTC(year, month - 1, day));
}

/** '13:05' → '1:05 PM', '00:05' → '12:05 AM'. */
export function formatClockTime(time: string): string {
  const [hours, minutes] = parseClockTime(time);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * An instant as the foundation's calendar day: "2026-11-23T02:30:00Z" → "November 22, 2026"
 * (still the evening of the 22nd in New York). An unreadable value gives ''.
 */
export function formatDayOf(instant: Date | string): string {
  const time = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  return Number.isNaN(time) ? '' : dayInFoundationZone.format(time);
}

/** The calendar date ("YYYY-MM-DD") it is at `now` in the foundation's zone; "today" for events. */
export function todayInFoundationZone(now: Date = new Date()): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of numericDayInFoundationZone.formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The year it is at `now` in the foundation's zone (the footer's ©; receipts' statement years). */
export const yearInFoundationZone = (now: Date = new Date()): number => parseCalendarDate(todayInFoundationZone(now))[0];

const MINUTE_MS = 60_000;
const foundationOffsetMs = (utcMs: number) => tzOffset(FOUNDATION_TIME_ZONE, new Date(utcMs)) * MINUTE_MS;

/**
 * The UTC instant (ms) of a foundation wall-clock time, e.g. ('2026-11-22', '13:00') → 18:00 UTC.
 * Offsets come from @date-fns/tz's `tzOffset`, which reads the instant in the foundation's zone only.
 * (Its `TZDate(y, m, d, h, min, zone)` constructor is not used on purpose: it goes through the host's
 * own zone and, on some hosts, returns another instant for the same wall-clock time.)
 * Days the clocks change resolve as Temporal's "compatible" rule does: a time that occurs twice
 * (1:30 AM in November) is the first one; a time that is skipped (2:30 AM in March) is read with
 * the offset before the jump, i.e. 3:30 AM daylight time.
 */
export function foundationTimeToUtc(isoDate: string, time: string): number {
  const [year, month, day] = parseCalendarDate(isoDate);
  const [hours, minutes] = parseClockTime(time);
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  // Read as UTC, the wall-clock time lies 4–5 hours before the instant; the offset there is right
  // unless the clocks change in between, and the offset at that first guess settles it.
  const early = wall - foundationOffsetMs(wall);
  const settled = wall - foundationOffsetMs(early);
  // Only a skipped time fails the round trip: keep the first guess (the offset before the jump).
  return foundationOffsetMs(settled) === wall - settled ? settled : early;
}
