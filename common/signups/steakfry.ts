import { storedPerson, type SignupKindRules } from './kind';

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

/** A steak-fry party (spec §3 Steak fry signup): 1 to 10 attendees. */
export interface SteakfryParty {
  attendees: SteakfryAttendee[];
}

/** Price of a party from the whole list: 25.00 per adult, 15.00 per child (ADR 011). */
export function steakfryPriceCents(attendees: readonly Pick<SteakfryAttendee, 'child'>[]): number {
  return attendees.reduce((sum, a) => sum + (a.child ? STEAKFRY_CHILD_CENTS : STEAKFRY_ADULT_CENTS), 0);
}

export const steakfry = {
  kind: 'steakfry',
  eventType: 'Benefit Event',
  amountLabel: 'Amount',
  peopleLabel: 'Attendees',
  priceCents: (party: { attendees: readonly Pick<SteakfryAttendee, 'child'>[] }): number => steakfryPriceCents(party.attendees),
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
} as const satisfies SignupKindRules<'steakfry', SteakfryParty>;
