import { gaming, type GamingTeam } from './gaming';
import { golf, type GolfTeam } from './golf';
import type { PriceRules, SignupFormValues, SignupKindRules, StoredSignupDetails } from './kind';
import type { EventSignupRules } from '../events';
import { steakfry, type SteakfryParty } from './steakfry';

/** A new kind is its module (and `.wire.ts`) plus a line here; nothing else names a kind. */
export const SIGNUP_KINDS = { golf, gaming, steakfry } as const;

export type SignupKind = keyof typeof SIGNUP_KINDS;

export type KindRules = SignupKindRules<SignupKind, unknown>;

export interface SignupDetailsByKind {
  golf: GolfTeam;
  gaming: GamingTeam;
  steakfry: SteakfryParty;
}

export type SignupDetails = { [K in SignupKind]: { kind: K; details: SignupDetailsByKind[K] } }[SignupKind];

export function rulesOf<K extends SignupKind>(kind: K): SignupKindRules<K, SignupDetailsByKind[K]> {
  return SIGNUP_KINDS[kind] as unknown as SignupKindRules<K, SignupDetailsByKind[K]>;
}

// The kind/details pairing is proven where they were parsed; no need to re-prove it per kind.
const looseRules = (kind: SignupKind): KindRules => SIGNUP_KINDS[kind];

export function assess(signup: SignupDetails, prices: PriceRules): { priceCents: number; places: number; teamName: string | null; stored: StoredSignupDetails } {
  const rules = looseRules(signup.kind);
  return {
    priceCents: rules.priceCents(signup.details, prices),
    places: rules.places(signup.details),
    teamName: rules.teamName(signup.details),
    stored: rules.toStorage(signup.details),
  };
}

export function peopleOf(kind: SignupKind, stored: StoredSignupDetails): { heading: string; lines: string[] } {
  const rules = looseRules(kind);
  return { heading: rules.party ? 'Your party' : 'Players', lines: rules.confirmationLines(rules.fromStorage(stored)) };
}

/** The same fields and wire schema as when they signed up. */
export function formValuesOf(kind: SignupKind, stored: StoredSignupDetails, receiptEmail: string): SignupFormValues {
  return { receiptEmail, ...looseRules(kind).formValues(stored) };
}

/** Any other type offers none and is logged (spec §8). */
export function signupKindOfEventType(eventType: string): SignupKind | null {
  for (const rules of Object.values(SIGNUP_KINDS)) if (rules.eventType === eventType) return rules.kind;
  return null;
}

/** The golf outing's for an unknown type. */
export function rulesOfEventType(eventType: string): KindRules {
  return SIGNUP_KINDS[signupKindOfEventType(eventType) ?? 'golf'];
}

/** Spec §9; the golf outing's for an unknown type. */
export function defaultSignupRules(eventType: string): EventSignupRules {
  return { ...rulesOfEventType(eventType).defaults, opensOn: null, closesOn: null, refundDaysBefore: null, fairValueCents: 0, childFairValueCents: 0 };
}
