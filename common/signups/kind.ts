/** Zod-free: the browser imports the kinds for prices and labels (ADR 012); wire formats are in `<kind>.wire.ts`. */

import type { EventSignupRules } from '../events';

export type PriceRules = Pick<EventSignupRules, 'priceCents' | 'childPriceCents'>;

/** One row shape for every kind. */
export interface StoredPerson {
  name: string;
  email: string | null;
  shirtSize: string | null;
  activisionId: string | null;
  location: string | null;
  allergies: string | null;
  child: boolean;
}

export interface StoredSignupDetails {
  teamName: string | null;
  teamContactNumber: string | null;
  teamAgrees: boolean;
  peopleTable: 'players' | 'attendees';
  people: StoredPerson[];
}

export interface AttendeeFormValues {
  name: string;
  allergies: string;
  child: boolean;
}

/** Flat like the spec's payloads. */
export type SignupFormValues = Record<string, string | boolean | AttendeeFormValues[]> & { receiptEmail: string };

export type PersonColumn = 'email' | 'shirtSize' | 'activisionId' | 'location' | 'ticket' | 'allergies';

export type ExportColumn = PersonColumn | 'team' | 'party' | 'contactNumber' | 'player' | 'name' | 'status' | 'paidAt' | 'receiptEmail' | 'arrived';

export interface AdminWords {
  readonly title: string;
  /** The field's label, its name in errors, and its error when empty. */
  readonly priceLabel: string;
  readonly priceName: string;
  readonly priceMissing: string;
  readonly statPriceLabel: string;
  /** Fair value received (ADR 025): label and name in errors. */
  readonly fairValueLabel: string;
  readonly fairValueName: string;
  readonly capacityLabel: string;
  readonly placesAre: string;
  readonly columns: readonly PersonColumn[];
  readonly exportColumns: readonly ExportColumn[];
}

/** One fee per team, places counted in teams. */
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
  /** Spec §3. */
  readonly eventType: string;
  /** A party: per-person tickets, people may join after paying, a change may refund a share. Otherwise a team. */
  readonly party: boolean;
  /** Search engines are told so. */
  readonly online: boolean;
  /** Spec §2. */
  readonly rulesFlyer: boolean;
  readonly placeNames: { readonly one: string; readonly many: string };
  readonly admin: AdminWords;
  readonly amountLabel: string;
  readonly peopleLabel: 'Players' | 'Attendees';
  /** Spec §9. */
  readonly defaults: Pick<EventSignupRules, 'priceCents' | 'childPriceCents' | 'playersPerTeam'>;
  /** The client's amount must match it; the browser computes the same from the form. */
  priceCents(details: D, rules: PriceRules): number;
  places(details: D): number;
  /** Unique per event. */
  teamName(details: D): string | null;
  confirmationLines(details: D): string[];
  toStorage(details: D): StoredSignupDetails;
  fromStorage(stored: StoredSignupDetails): D;
  /** So the supporter edits it with the form they signed up with. */
  formValues(stored: StoredSignupDetails): Omit<SignupFormValues, 'receiptEmail'>;
}

export function playerFields(people: readonly StoredPerson[], own: (person: StoredPerson) => Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  people.forEach((person, i) => {
    for (const [field, value] of Object.entries({ Name: person.name, Email: person.email ?? '', ...own(person) })) values[`player${i + 1}${field}`] = value;
  });
  return values;
}

export function storedPerson(fields: Partial<StoredPerson> & { name: string }): StoredPerson {
  return { email: null, shirtSize: null, activisionId: null, location: null, allergies: null, child: false, ...fields };
}

export const HOLD_MINUTES = 15;
