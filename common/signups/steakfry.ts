import { storedPerson, type PriceRules, type SignupKindRules } from './kind';

/** Spec §9; each event keeps its own (ADR 022). */
export const STEAKFRY_ADULT_CENTS = 2_500;
export const STEAKFRY_CHILD_CENTS = 1_500;
export const STEAKFRY_MIN_ATTENDEES = 1;
export const STEAKFRY_MAX_ATTENDEES = 10;
export const ALLERGIES_MAX = 200;

export interface SteakfryAttendee {
  name: string;
  allergies: string | null;
  /** 12 or younger (spec §9). */
  child: boolean;
}

/** Spec §3 Steak fry signup. */
export interface SteakfryParty {
  attendees: SteakfryAttendee[];
}

const SPEC_PRICES: PriceRules = { priceCents: STEAKFRY_ADULT_CENTS, childPriceCents: STEAKFRY_CHILD_CENTS };

/** ADR 011; the spec's 25.00 and 15.00 unless given. */
export function steakfryPriceCents(attendees: readonly Pick<SteakfryAttendee, 'child'>[], rules: PriceRules = SPEC_PRICES): number {
  const child = rules.childPriceCents ?? rules.priceCents;
  return attendees.reduce((sum, a) => sum + (a.child ? child : rules.priceCents), 0);
}

export const steakfry = {
  kind: 'steakfry',
  eventType: 'Benefit Event',
  amountLabel: 'Amount',
  peopleLabel: 'Attendees',
  party: true,
  online: false,
  rulesFlyer: false,
  placeNames: { one: 'seat', many: 'seats' },
  admin: {
    title: 'Benefit dinner (steak fry)',
    priceLabel: 'Price per adult ($)',
    priceName: 'The price per adult',
    priceMissing: 'Enter the price per adult.',
    statPriceLabel: 'Adult price',
    fairValueLabel: 'Value received per adult ($)',
    fairValueName: 'The value per adult',
    capacityLabel: 'Seats (capacity)',
    placesAre: 'tickets',
    columns: ['ticket', 'allergies'],
    exportColumns: ['party', 'name', 'ticket', 'allergies', 'status', 'paidAt', 'arrived'],
  },
  defaults: { ...SPEC_PRICES, playersPerTeam: null },
  priceCents: (party: { attendees: readonly Pick<SteakfryAttendee, 'child'>[] }, rules: PriceRules): number => steakfryPriceCents(party.attendees, rules),
  places: (party: SteakfryParty): number => party.attendees.length,
  teamName: (): null => null,
  confirmationLines: (party: SteakfryParty) =>
    party.attendees.map((a) => `${a.name}${a.child ? ' (child)' : ''}${a.allergies ? ` (allergies: ${a.allergies})` : ''}`),
  toStorage: (party: SteakfryParty) => ({
    teamName: null,
    teamContactNumber: null,
    teamAgrees: false,
    peopleTable: 'attendees',
    people: party.attendees.map((a) => storedPerson({ name: a.name, allergies: a.allergies, child: a.child })),
  }),
  fromStorage: (stored) => ({ attendees: stored.people.map((p) => ({ name: p.name, allergies: p.allergies, child: p.child })) }),
  formValues: (stored) => ({ attendees: stored.people.map((p) => ({ name: p.name, allergies: p.allergies ?? '', child: p.child })) }),
} as const satisfies SignupKindRules<'steakfry', SteakfryParty>;
