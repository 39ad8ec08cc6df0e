/** Spec §3 field names, including its "accomodations". */

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
  /** Null when the stat has no price. */
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
  /** Kept as stored: an unknown type offers no sign-up form. */
  eventType: string;
  name: string;
  description: string;
  location: string;
  /** In the foundation's time zone. */
  eventDate: string;
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
  /** Null means no limit. */
  capacity: number | null;
  /** The server prices every sign-up from these. */
  signup: EventSignupRules;
}

/** Kept on the event, not in code (ADR 022). */
export interface EventSignupRules {
  priceCents: number;
  /** Null when children pay as adults. */
  childPriceCents: number | null;
  playersPerTeam: number | null;
  /** Null: open as soon as published. */
  opensOn: string | null;
  /** Null: open until the day of the event. */
  closesOn: string | null;
  /** Null: no refunds asked online. */
  refundDaysBefore: number | null;
  /** Fair-market value received (per team, or per adult for parties); the IRS receipt deducts it (ADR 025). */
  fairValueCents: number;
  childFairValueCents: number;
}

export const TEAM_SIZE_MIN = 1;
export const TEAM_SIZE_MAX = 8;

export type SignupClosed = { reason: 'inactive' | 'past' | 'not_yet' | 'ended' | 'full'; message: string };

const longDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' });
};

/** The server refuses with the same words. */
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
