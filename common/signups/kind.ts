/**
 * What every event sign-up kind says about itself (spec §3, §5, §9). Zod-free on purpose: the
 * browser imports the kinds for prices and labels, and a schema library would cost the event page
 * 25 kB (ADR 012). The wire format of each kind lives beside it in `<kind>.wire.ts`.
 */

import type { EventSignupRules } from '../events';

/** The part of an event's rules a price is made from. */
export type PriceRules = Pick<EventSignupRules, 'priceCents' | 'childPriceCents'>;

/** A player or attendee as the database keeps it: one row shape for every kind. */
export interface StoredPerson {
  name: string;
  email: string | null;
  shirtSize: string | null;
  activisionId: string | null;
  location: string | null;
  allergies: string | null;
  child: boolean;
}

/** A sign-up's details as stored: the team columns of the sign-up and its people in order. */
export interface StoredSignupDetails {
  teamName: string | null;
  teamContactNumber: string | null;
  teamAgrees: boolean;
  /** Teams' players and parties' attendees are kept in tables of their own. */
  peopleTable: 'players' | 'attendees';
  people: StoredPerson[];
}

export interface SignupKindRules<K extends string, D> {
  readonly kind: K;
  /** The event type (spec §3) whose page offers this form. */
  readonly eventType: string;
  /** The label of the read-only amount field. */
  readonly amountLabel: string;
  /** What the dashboard and the confirmation call the people on a sign-up. */
  readonly peopleLabel: 'Players' | 'Attendees';
  /** What a new event of this kind charges until a volunteer says otherwise (spec §9). */
  readonly defaults: Pick<EventSignupRules, 'priceCents' | 'childPriceCents' | 'playersPerTeam'>;
  /** The server's price from the event's rules (the browser shows the same); the client's amount must match it. */
  priceCents(details: D, rules: PriceRules): number;
  /** Places taken against the event's capacity: a team counts one, a party its people. */
  places(details: D): number;
  /** A gaming team's name (unique per event), null for kinds without one. */
  teamName(details: D): string | null;
  /** Who is coming, one line each, for the confirmation email. */
  confirmationLines(details: D): string[];
  toStorage(details: D): StoredSignupDetails;
  fromStorage(stored: StoredSignupDetails): D;
}

/** A person row with nothing but a name and an email filled in. */
export function storedPerson(fields: Partial<StoredPerson> & { name: string }): StoredPerson {
  return { email: null, shirtSize: null, activisionId: null, location: null, allergies: null, child: false, ...fields };
}

/** The sign-up hold: places are kept this long from the intent to the payment. */
export const HOLD_MINUTES = 15;
