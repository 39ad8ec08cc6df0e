/** The event shapes the API answers with (spec §3 field names, including its "accomodations"). */

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
  /** Prices, team size, sign-up dates and refund policy: the server prices every sign-up from these. */
  signup: EventSignupRules;
}

/** What an event asks of a sign-up: its prices and limits (kept on the event, not in code, ADR 022). */
export interface EventSignupRules {
  /** The team fee (golf, gaming) or the price per adult (steak fry), in cents. */
  priceCents: number;
  /** The price per child (steak fry), or null when children pay as adults. */
  childPriceCents: number | null;
  /** Players on a team (golf, gaming); null for parties. */
  playersPerTeam: number | null;
  /** First day sign-up is open ("YYYY-MM-DD"), or null: open as soon as the event is published. */
  opensOn: string | null;
  /** Last day sign-up is open, or null: open until the day of the event. */
  closesOn: string | null;
  /** Full refund until this many days before the event, none after; null: no refunds asked online. */
  refundDaysBefore: number | null;
  /** Fair-market value of what a payer receives (dinner, shirt, green fee), in cents: per team (golf, gaming) or per adult (steak fry); 0 when nothing. The IRS receipt deducts it (ADR 025). */
  fairValueCents: number;
  /** The same per child (steak fry); 0 for teams. */
  childFairValueCents: number;
}

/** Limits a volunteer can set on a team. */
export const TEAM_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 8;

/** Why sign-up is not open, as the event page and the API say it. */
export type SignupClosed = { reason: 'inactive' | 'past' | 'not_yet' | 'ended' | 'full'; message: string };

const longDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
};

/** Whether an event takes sign-ups today: null when open, else why not (the server refuses with the same words). */
export function signupClosed(
  event: { active: boolean; eventDate: string; signup: Pick<EventSignupRules, 'opensOn' | 'closesOn'> },
  today: string,
  placesLeft: number | null,
): SignupClosed | null {
  if (!event.active) return { reason: 'inactive', message: 'Sign-up for this event is closed.' };
  if (event.eventDate < today) return { reason: 'past', message: 'This event has already taken place; sign-up is closed.' };
  if (event.signup.opensOn && today < event.signup.opensOn) return { reason: 'not_yet', message: `Sign-up opens on ${longDate(event.signup.opensOn)}.` };
  if (event.signup.closesOn && today > event.signup.closesOn) return { reason: 'ended', message: `Sign-up closed on ${longDate(event.signup.closesOn)}.` };
  if (placesLeft === 0) return { reason: 'full', message: 'This event is full.' };
  return null;
}
