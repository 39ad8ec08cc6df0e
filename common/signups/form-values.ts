import type { StoredSignupDetails } from './kind';
import type { SignupKind } from './kinds';

/** A party member as the sign-up form edits them. */
export interface AttendeeFormValues {
  name: string;
  allergies: string;
  child: boolean;
}

/** The sign-up form's values, flat like the spec's payloads (player1Name…, attendees[]). */
export type SignupFormValues = Record<string, string | boolean | AttendeeFormValues[]> & { receiptEmail: string };

/**
 * A stored sign-up as the values of its own sign-up form, so the supporter edits it with the
 * same fields (and the server checks it with the same wire schema) as when they signed up.
 */
export function formValuesOf(kind: SignupKind, stored: StoredSignupDetails, receiptEmail: string): SignupFormValues {
  if (kind === 'steakfry') {
    return { receiptEmail, attendees: stored.people.map((p) => ({ name: p.name, allergies: p.allergies ?? '', child: p.child })) };
  }
  const values: SignupFormValues = { receiptEmail };
  stored.people.forEach((p, i) => {
    const n = i + 1;
    values[`player${n}Name`] = p.name;
    values[`player${n}Email`] = p.email ?? '';
    if (kind === 'golf') values[`player${n}ShirtSize`] = p.shirtSize ?? '';
    else {
      values[`player${n}ActivisionId`] = p.activisionId ?? '';
      values[`player${n}Location`] = p.location ?? '';
    }
  });
  if (kind === 'gaming') {
    values.teamName = stored.teamName ?? '';
    values.teamContactNumber = stored.teamContactNumber ?? '';
    values.teamAgrees = stored.teamAgrees;
  }
  return values;
}
