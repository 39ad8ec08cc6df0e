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
}
