import { z } from 'zod';
import { emailField } from '../accounts.wire';
import { clientAmountToCents } from '../money';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from '../text';

/** Server only (ADR 012). */

/** PostgreSQL integer max: anything above cannot be a stored event. */
const MAX_EVENT_NUMBER = 2_147_483_647;

const eventNumberField = z.coerce
  .number({ error: 'The event is missing.' })
  .int('The event is missing.')
  .positive('The event is missing.')
  .max(MAX_EVENT_NUMBER, 'This event does not exist.');

/** The server compares it with its own price. */
const claimedAmountField = z
  .unknown()
  .transform((value, ctx) => {
    const cents = clientAmountToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: value === undefined || value === null || value === '' ? 'The amount is missing.' : 'The amount is not valid.' });
      return z.NEVER;
    }
    return cents;
  })
  // For the API document (ADR 035).
  .meta({ type: ['string', 'number'], description: 'The amount the form showed, like "400.00" or 400; it must equal the server’s own price.' });

export const optionalEmailField = z
  .string({ error: 'Enter a valid email address.' })
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, like name@example.com.')
  .transform((v) => (v === '' ? null : v))
  .optional()
  .transform((v) => v ?? null);

export const signupEnvelope = {
  eventNumber: eventNumberField,
  eventDescription: z.string().max(5000).optional(),
  amount: claimedAmountField,
  receiptEmail: emailField,
};

/** The stored sign-up is the authority. */
export const SaveSignupSchema = z.object({
  token: z.string({ error: 'The payment is missing. Please start again.' }).min(10, 'The payment is missing. Please start again.').max(300, 'The payment is missing. Please start again.'),
  amount: claimedAmountField,
});

/** attendees.2.name → attendee-2-name; player1Name stays. */
export function signupErrorKey(path: readonly PropertyKey[]): string {
  if (path[0] === 'attendees' && typeof path[1] === 'number') return `attendee-${path[1]}-${String(path[2] ?? 'name')}`;
  if (path[0] === 'attendees') return 'attendees';
  return path.length > 0 ? String(path[0]) : 'body';
}
