import { FOUNDATION_TIME_ZONE } from './dates';

// Apart from dates.ts: only the back office shows moments, so public pages do not load this.
const momentInFoundationZone = new Intl.DateTimeFormat('en-US', {
  timeZone: FOUNDATION_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '' when unreadable. */
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

export function toFoundationLocalInput(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
  const part = Object.fromEntries(partsInFoundationZone.formatToParts(time).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}
