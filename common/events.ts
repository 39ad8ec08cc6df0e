/** The event shapes the API answers with (spec §3 field names, including its "accomodations"). */

export const EVENT_TYPES = ['Golf Event', 'Gaming Event', 'Benefit Event'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export interface EventImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface EventSponsor {
  name: string;
  href: string;
  logo: EventImage | null;
}

export interface EventStat {
  /** Display text such as "$400.00", or null when the stat has no price. */
  price: string | null;
  priceCents: number | null;
  text: string;
}

export interface EventAccommodation {
  icon: string;
  text: string;
}

export interface ApiEvent {
  eventNumber: number;
  /** Kept as stored: an unknown type is logged by the UI and offers no sign-up form. */
  eventType: string;
  name: string;
  description: string;
  location: string;
  /** Calendar date of the event, "YYYY-MM-DD", in the foundation's time zone. */
  eventDate: string;
  /** "HH:MM" 24-hour local start time, or null. */
  startTime: string | null;
  image: EventImage | null;
  active: boolean;
  show_sponsor: boolean;
  sponsor: EventSponsor | null;
  stats: EventStat[];
  accomodations: EventAccommodation[];
  proceeds: string;
  partnership_flyer: string | null;
  rules_flyer: string | null;
  /** Teams (golf, gaming) or attendees (steak fry); null means no limit. */
  capacity: number | null;
}

export function isKnownEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

/** The foundation is in the Ohio Valley; "today" and event dates are read in this zone. */
export const FOUNDATION_TIME_ZONE = 'America/New_York';

// Building an Intl formatter is costly; these are made once and reused on every request.
const isoDateInZone = new Intl.DateTimeFormat('en-CA', {
  timeZone: FOUNDATION_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** Today's calendar date ("YYYY-MM-DD") in the foundation's time zone. */
export function todayInFoundationZone(now: Date = new Date()): string {
  return isoDateInZone.format(now);
}

/** "2027-06-19" → "Saturday, June 19, 2027" without shifting the day through UTC. */
export function formatEventDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 12));
  return longDate.format(date);
}

const monthDayYear = new Intl.DateTimeFormat('en-US', { timeZone: FOUNDATION_TIME_ZONE, year: 'numeric', month: 'long', day: 'numeric' });

/** An instant ("2026-11-22T18:04:05.000Z") as the foundation's calendar day: "November 22, 2026". */
export function formatDayOf(isoInstant: string): string {
  const time = Date.parse(isoInstant);
  return Number.isNaN(time) ? '' : monthDayYear.format(new Date(time));
}
