/**
 * Event sign-up rules (spec §5, §9): prices, limits and field keys. No zod here, so the event page
 * can show prices and limits without loading the schemas (common/signups.ts) the server checks.
 */

export const GOLF_TEAM_CENTS = 40_000;
export const GAMING_TEAM_CENTS = 5_000;
export const STEAKFRY_ADULT_CENTS = 2_500;
export const STEAKFRY_CHILD_CENTS = 1_500;
export const STEAKFRY_MIN_ATTENDEES = 1;
export const STEAKFRY_MAX_ATTENDEES = 10;
export const PLAYERS_PER_TEAM = 4;
export const SHIRT_SIZES = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export const TEAM_NAME_MAX = 60;
export const ALLERGIES_MAX = 200;
export const HOLD_MINUTES = 15;

export type SignupKind = 'golf' | 'gaming' | 'steakfry';

/** Which form an event type offers; any other type is logged and offers none (spec §8). */
export const SIGNUP_KIND_BY_EVENT_TYPE: Record<string, SignupKind> = {
  'Golf Event': 'golf',
  'Gaming Event': 'gaming',
  'Benefit Event': 'steakfry',
};

export interface SteakfryAttendee {
  name: string;
  allergies: string;
  child: boolean;
}

/** Price of a steak-fry party from the whole list: 25.00 per adult, 15.00 per child (ADR 011). */
export function steakfryPriceCents(attendees: readonly Pick<SteakfryAttendee, 'child'>[]): number {
  return attendees.reduce((sum, a) => sum + (a.child ? STEAKFRY_CHILD_CENTS : STEAKFRY_ADULT_CENTS), 0);
}

/** North American numbers (the foundation's players): 10 digits, optional +1, any punctuation. */
export function isValidPhoneNumber(value: string): boolean {
  const digits = value.replace(/[\s().+-]/g, '');
  if (!/^\d+$/.test(digits)) return false;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national);
}

/** Zod paths → the spec's keys: attendees.2.name → attendee-2-name. */
export function signupErrorKey(path: readonly PropertyKey[]): string {
  if (path[0] === 'attendees' && typeof path[1] === 'number') return `attendee-${path[1]}-${String(path[2] ?? 'name')}`;
  if (path[0] === 'attendees') return 'attendees';
  return path.length > 0 ? String(path[0]) : 'body';
}

/** The price the server charges for a parsed form. */
export function signupPriceCents(kind: SignupKind, input: { attendees?: readonly Pick<SteakfryAttendee, 'child'>[] }): number {
  if (kind === 'golf') return GOLF_TEAM_CENTS;
  if (kind === 'gaming') return GAMING_TEAM_CENTS;
  return steakfryPriceCents(input.attendees ?? []);
}

/** Places a sign-up takes against an event's capacity: teams count one, parties their people. */
export function signupPlaces(kind: SignupKind, input: { attendees?: readonly unknown[] }): number {
  return kind === 'steakfry' ? (input.attendees?.length ?? 1) : 1;
}
