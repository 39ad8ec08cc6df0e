import { gaming, type GamingTeam } from './gaming';
import { golf, type GolfTeam } from './golf';
import type { PriceRules, SignupFormValues, SignupKindRules, StoredSignupDetails } from './kind';
import type { EventSignupRules } from '../events';
import { steakfry, type SteakfryParty } from './steakfry';

/**
 * Every sign-up kind; a new kind is its module (and its `.wire.ts`) plus a line here. Pages, the
 * server and the back office read what differs between kinds from here instead of naming a kind.
 */
export const SIGNUP_KINDS = { golf, gaming, steakfry } as const;

export type SignupKind = keyof typeof SIGNUP_KINDS;

/** Some kind's rules as the registry holds them: enough for its words and flags (rulesOf types its details). */
export type KindRules = SignupKindRules<SignupKind, unknown>;

/** A kind's details, by kind. */
export interface SignupDetailsByKind {
  golf: GolfTeam;
  gaming: GamingTeam;
  steakfry: SteakfryParty;
}

/** A typed sign-up: which kind, and that kind's details. */
export type SignupDetails = { [K in SignupKind]: { kind: K; details: SignupDetailsByKind[K] } }[SignupKind];

/** The rules of one kind, typed for code that knows which kind it has. */
export function rulesOf<K extends SignupKind>(kind: K): SignupKindRules<K, SignupDetailsByKind[K]> {
  return SIGNUP_KINDS[kind] as unknown as SignupKindRules<K, SignupDetailsByKind[K]>;
}

// Generic code holds a kind and its details together; the pairing is proven where they were
// parsed, so the rules may take the details without TypeScript re-proving it per kind.
const looseRules = (kind: SignupKind): KindRules => SIGNUP_KINDS[kind];

/** What the server needs of a parsed sign-up, whatever its kind, priced by its event's rules. */
export function assess(signup: SignupDetails, prices: PriceRules): { priceCents: number; places: number; teamName: string | null; stored: StoredSignupDetails } {
  const rules = looseRules(signup.kind);
  return {
    priceCents: rules.priceCents(signup.details, prices),
    places: rules.places(signup.details),
    teamName: rules.teamName(signup.details),
    stored: rules.toStorage(signup.details),
  };
}

/** Who is on a stored sign-up, as its confirmation says it: "Players" or "Your party", one line each. */
export function peopleOf(kind: SignupKind, stored: StoredSignupDetails): { heading: string; lines: string[] } {
  const rules = looseRules(kind);
  return { heading: rules.party ? 'Your party' : 'Players', lines: rules.confirmationLines(rules.fromStorage(stored)) };
}

/**
 * A stored sign-up as the values of its own sign-up form, so the supporter edits it with the
 * same fields (and the server checks it with the same wire schema) as when they signed up.
 */
export function formValuesOf(kind: SignupKind, stored: StoredSignupDetails, receiptEmail: string): SignupFormValues {
  return { receiptEmail, ...looseRules(kind).formValues(stored) };
}

/** Which form an event type offers; any other type offers none and is logged (spec §8). */
export function signupKindOfEventType(eventType: string): SignupKind | null {
  for (const rules of Object.values(SIGNUP_KINDS)) if (rules.eventType === eventType) return rules.kind;
  return null;
}

/** How pages speak of an event of this type: its kind's rules, or the golf outing's for an unknown type (a team, partnership flyer). */
export function rulesOfEventType(eventType: string): KindRules {
  return SIGNUP_KINDS[signupKindOfEventType(eventType) ?? 'golf'];
}

/** The rules a new event of this type starts with (spec §9), or the golf outing's for an unknown type. */
export function defaultSignupRules(eventType: string): EventSignupRules {
  return { ...rulesOfEventType(eventType).defaults, opensOn: null, closesOn: null, refundDaysBefore: null, fairValueCents: 0, childFairValueCents: 0 };
}
