import { FOUNDATION_TIME_ZONE } from './dates';

// Apart from dates.ts on purpose: only the back office shows moments, and keeping this out of the
// module every public page loads keeps their JavaScript as it was.
const momentInFoundationZone = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant as the foundation's wall clock: "2026-11-23T23:05:00Z" → "Nov 23, 2026, 6:05 PM"; '' when unreadable. */
export function formatMoment(instant: Date | string): string {
  const time = instant instanceof Date ? instant.getTime() : Date.parse(instant);
  return Number.isNaN(time) ? '' : momentInFoundationZone.format(time);
}

const partsInFoundationZone = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a `datetime-local` input's value on the foundation's wall clock: "2026-11-23T18:05". */
export function toFoundationLocalInput(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  const part = Object.fromEntries(partsInFoundationZone.formatToParts(time).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}
