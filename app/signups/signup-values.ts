import type { FieldErrors } from '../../common/api-errors';
import type { EventSignupRules } from '../../common/events';
import type { SignupKind } from '../../common/signups/kinds';
import type { AttendeeFormValues, SignupFormValues } from '../../common/signups/kind';

/** Shared with the server, which fills them for an edit. */
export type AttendeeValues = AttendeeFormValues;
export type SignupValues = SignupFormValues;

export interface SignupFieldsProps {
  kind: SignupKind;
  /** The form shows what the server will ask. */
  rules: EventSignupRules;
  idPrefix: string;
  values: SignupValues;
  errors: FieldErrors;
  onChange: (name: string, value: string | boolean | AttendeeValues[]) => void;
  /** Adding people needs a payment. */
  maxAttendees?: number;
}

export const textOf = (values: SignupValues, name: string) => String(values[name] ?? '');

export function emptyPlayers(count: number, extraFields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (let n = 1; n <= count; n++) for (const field of ['Name', 'Email', ...extraFields]) values[`player${n}${field}`] = '';
  return values;
}
