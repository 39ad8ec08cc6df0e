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

/** A party member as the sign-up form edits them. */
export interface AttendeeFormValues {
  name: string;
  allergies: string;
  child: boolean;
}

/** The sign-up form's values, flat like the spec's payloads (player1Name…, attendees[]). */
export type SignupFormValues = Record<string, string | boolean | AttendeeFormValues[]> & { receiptEmail: string };

/** A detail of each person with a column of its own in the back office's registrations list. */
export type PersonColumn = 'email' | 'shirtSize' | 'activisionId' | 'location' | 'ticket' | 'allergies';

/** A column of the registrations CSV: a person's detail, or one of their sign-up's. */
export type ExportColumn = PersonColumn | 'team' | 'party' | 'contactNumber' | 'player' | 'name' | 'status' | 'paidAt' | 'receiptEmail' | 'arrived';

/** How the back office speaks of an event of a kind: its event form's labels (and its errors' names for the fields), its counts and lists. */
export interface AdminWords {
  /** The kind among the new event choices, and in "New golf outing". */
  readonly title: string;
  /** The price field ("Team fee ($)"), as the form's errors name it ("The team fee"), and its error when left empty. */
  readonly priceLabel: string;
  readonly priceName: string;
  readonly priceMissing: string;
  /** The price a line of the event page may show beside it. */
  readonly statPriceLabel: string;
  /** The fair value received (ADR 025) field, and as its errors name it. */
  readonly fairValueLabel: string;
  readonly fairValueName: string;
  readonly capacityLabel: string;
  /** What the overview's places are: "(teams)". */
  readonly placesAre: string;
  /** Each person's own columns in the registrations list, after their number and name. */
  readonly columns: readonly PersonColumn[];
  /** The registrations CSV, one row per person: what the golf course, the caterer or the organizers need. */
  readonly exportColumns: readonly ExportColumn[];
}

/** The words of a team event (the golf outing, the gaming tournament): one fee per team, places counted in teams. */
export const TEAM_WORDS = {
  placeNames: { one: 'team place', many: 'team places' },
  admin: {
    priceLabel: 'Team fee ($)',
    priceName: 'The team fee',
    priceMissing: 'Enter the team fee.',
    statPriceLabel: 'Team fee',
    fairValueLabel: 'Value received per team ($)',
    fairValueName: 'The value per team',
    capacityLabel: 'Teams (capacity)',
    placesAre: 'teams',
  },
} as const;

export interface SignupKindRules<K extends string, D> {
  readonly kind: K;
  /** The event type (spec §3) whose page offers this form. */
  readonly eventType: string;
  /**
   * A party (the steak fry): each person pays their own ticket, adult or child, takes a seat, and
   * more may join after paying; a change may refund a share. Otherwise a team: one fee for the
   * event's number of players (its "players per team"), one place, nobody added later.
   */
  readonly party: boolean;
  /** Played online: search engines are told so. */
  readonly online: boolean;
  /** The event page offers the tournament rules flyer instead of the partnership flyer (spec §2). */
  readonly rulesFlyer: boolean;
  /** A place against the capacity, as the event page counts what is left: "1 seat", "3 team places". */
  readonly placeNames: { readonly one: string; readonly many: string };
  readonly admin: AdminWords;
  /** The label of the read-only amount field. */
  readonly amountLabel: string;
  /** What the dashboard and the confirmation call the people on a sign-up. */
  readonly peopleLabel: 'Players' | 'Attendees';
  /** What a new event of this kind charges until a volunteer says otherwise (spec §9). */
  readonly defaults: Pick<EventSignupRules, 'priceCents' | 'childPriceCents' | 'playersPerTeam'>;
  /**
   * The server's price from the event's rules; the client's amount must match it. The browser shows
   * the same from the form's attendees, the only details a price depends on.
   */
  priceCents(details: D, rules: PriceRules): number;
  /** Places taken against the event's capacity: a team counts one, a party its people. */
  places(details: D): number;
  /** A gaming team's name (unique per event), null for kinds without one. */
  teamName(details: D): string | null;
  /** Who is coming, one line each, for the confirmation email. */
  confirmationLines(details: D): string[];
  toStorage(details: D): StoredSignupDetails;
  fromStorage(stored: StoredSignupDetails): D;
  /** A stored sign-up as its form's fields, so the supporter changes it with the form they signed up with. */
  formValues(stored: StoredSignupDetails): Omit<SignupFormValues, 'receiptEmail'>;
}

/** A team's players as the form's flat fields: player1Name, player1Email and the kind's own (player1ShirtSize…). */
export function playerFields(people: readonly StoredPerson[], own: (person: StoredPerson) => Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  people.forEach((person, i) => {
    for (const [field, value] of Object.entries({ Name: person.name, Email: person.email ?? '', ...own(person) })) values[`player${i + 1}${field}`] = value;
  });
  return values;
}

/** A person row with nothing but a name and an email filled in. */
export function storedPerson(fields: Partial<StoredPerson> & { name: string }): StoredPerson {
  return { email: null, shirtSize: null, activisionId: null, location: null, allergies: null, child: false, ...fields };
}

/** The sign-up hold: places are kept this long from the intent to the payment. */
export const HOLD_MINUTES = 15;
