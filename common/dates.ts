// Only the offset function: the package root also loads TZDate, which bundlers cannot drop.
import { tzOffset } from '@date-fns/tz/tzOffset';

/**
 * Isomorphic. Calendar dates and clock times are wall-clock values in the foundation's zone,
 * formatted in UTC so no zone can move them; instants are shown as their date in that zone.
 */

/** The Ohio Valley keeps New York's clock. */
export const FOUNDATION_TIME_ZONE = 'America/New_York';

// Building an Intl formatter is costly: made once.
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

/** Throws on anything else so a bad row fails loudly. */
export function parseCalendarDate(isoDate: string): [year: number, month: number, day: number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Counted on the calendar, never in hours. */
export function addCalendarDays(isoDate: string, days: number): string {
  const [year, month, day] = parseCalendarDate(isoDate);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Seconds allowed and ignored; throws on anything else. */
export function parseClockTime(time: string): [hours: number, minutes: number] {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return [Number(match[1]), Number(match[2])];
}

/** Read and written in UTC so the day never shifts. */
export function formatCalendarDate(isoDate: string, { weekday = false }: { weekday?: boolean } = {}): string {
  const [year, month, day] = parseCalendarDate(isoDate);
  return (weekday ? calendarDateWithWeekday : calendarDate).format(Date.UTC(year, month - 1, day));
}

export function formatClockTime(time: string): string {
  const [hours, minutes] = parseClockTime(time);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "2026-11-23T02:30:00Z" → "November 22, 2026" (still the 22nd in New York); '' when unreadable. */
export function formatDayOf(instant: Date | string): string {
  const time = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  return Number.isNaN(time) ? '' : dayInFoundationZone.format(time);
}

export function todayInFoundationZone(now: Date = new Date()): string {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of numericDayInFoundationZone.formatToParts(now)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export const yearInFoundationZone = (now: Date = new Date()): number => parseCalendarDate(todayInFoundationZone(now))[0];

const MINUTE_MS = 60_000;
const foundationOffsetMs = (utcMs: number) => tzOffset(FOUNDATION_TIME_ZONE, new Date(utcMs)) * MINUTE_MS;

/**
 * Uses `tzOffset`, not `TZDate(…, zone)`, which goes through the host's zone and can be wrong on some
 * hosts. DST follows Temporal's "compatible" rule: a repeated time is the first, a skipped one moves forward.
 */
export function foundationTimeToUtc(isoDate: string, time: string): number {
  const [year, month, day] = parseCalendarDate(isoDate);
  const [hours, minutes] = parseClockTime(time);
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  // The offset at a first guess 4–5 hours off is right unless the clocks change in between.
  const early = wall - foundationOffsetMs(wall);
  const settled = wall - foundationOffsetMs(early);
  // Only a skipped time fails the round trip: keep the first guess.
  return foundationOffsetMs(settled) === wall - settled ? settled : early;
}
