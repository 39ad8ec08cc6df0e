import type { SignupKind } from '../../common/signups/kinds';
import type { AttendeeValues, SignupValues } from './signup-values';

/** The signed-in supporter, who usually plays or comes along: the form starts with them. */
export interface SignupPrefill {
  name: string;
  email: string;
  /** A waiting-list offer's places (ADR 053): a party starts with that many people. */
  partySize?: number;
}

/** Player 1 for a team, the first attendee for a party; the email only where the form asks for one. */
export function prefilledValues(kind: SignupKind, values: SignupValues, you: SignupPrefill): SignupValues {
  if (kind === 'steakfry') {
    const [first, ...rest] = (values.attendees as AttendeeValues[] | undefined) ?? [];
    if (!first) return values;
    const others = Array.from({ length: Math.max(rest.length, (you.partySize ?? 1) - 1) }, (_, i) => rest[i] ?? { name: '', allergies: '', child: false });
    return { ...values, attendees: [{ ...first, name: you.name }, ...others] };
  }
  return {
    ...values,
    ...('player1Name' in values ? { player1Name: you.name } : {}),
    ...('player1Email' in values ? { player1Email: you.email } : {}),
  };
}
