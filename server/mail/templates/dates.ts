/** The foundation and its events are in New York; mail shows dates there, whatever the server's zone. */
export const FOUNDATION_TIME_ZONE = 'America/New_York';

const longDateInNewYork = new Intl.DateTimeFormat('en-US', { timeZone: FOUNDATION_TIME_ZONE, dateStyle: 'long' });

/** A moment as its New York calendar date: "November 22, 2026". */
export function formatDateInNewYork(moment: Date): string {
  return longDateInNewYork.format(moment);
}

/** 'YYYY-MM-DD' → [year, month, day]; throws on anything else so a bad row fails loudly. */
export function parseCalendarDate(isoDate: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${isoDate}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** 'HH:MM' (24 h) → [hours, minutes]. */
export function parseClockTime(time: string): [number, number] {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return [Number(match[1]), Number(match[2])];
}

/** A calendar date is no moment: format it in UTC so no zone can move it to the day before. */
export function formatCalendarDate(isoDate: string, weekday = false): string {
  const [year, month, day] = parseCalendarDate(isoDate);
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    ...(weekday ? { weekday: 'long' } : {}),
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/** '13:05' → '1:05 PM' */
export function formatClockTime(time: string): string {
  const [hours, minutes] = parseClockTime(time);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

const newYorkParts = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** New York's offset from UTC at a moment, in ms (negative: -4 h in summer, -5 h in winter). */
function newYorkOffsetMs(utcMs: number): number {
  const part = Object.fromEntries(newYorkParts.formatToParts(new Date(utcMs)).map((p) => [p.type, Number(p.value)]));
  const wallAsUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wallAsUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The UTC moment of a New York wall-clock time; the second pass settles days when the clocks change. */
export function newYorkTimeToUtc(isoDate: string, time: string): number {
  const [year, month, day] = parseCalendarDate(isoDate);
  const [hours, minutes] = parseClockTime(time);
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const guess = wall - newYorkOffsetMs(wall);
  return wall - newYorkOffsetMs(guess);
}
