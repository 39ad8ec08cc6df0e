import { z } from 'zod';
import { emailField } from '../accounts.wire';
import { clientAmountToCents } from '../money';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from '../text';

/**
 * Zod pieces the sign-up wire schemas share (spec §3, §7). The browser never imports these
 * (ADR 012); the server parses every payload with them at the edge.
 */

/** Largest value of a PostgreSQL integer column; anything above cannot be a stored event. */
const MAX_EVENT_NUMBER = 2_147_483_647;

const eventNumberField = z.coerce
  .number({ error: 'The event is missing.' })
  .int('The event is missing.')
  .positive('The event is missing.')
  .max(MAX_EVENT_NUMBER, 'This event does not exist.');

/** The amount the browser shows (read-only) and sends back, as cents; the server compares it with its own price. */
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
  // What a client sends, for the API document (ADR 035); the check above takes anything and says what is wrong.
  .meta({ type: ['string', 'number'], description: 'The amount the form showed, like "400.00" or 400; it must equal the server’s own price.' });

/** Optional email: empty is fine (null), anything else must be an address. */
export const optionalEmailField = z
  .string({ error: 'Enter a valid email address.' })
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
  .transform((v) => v.trim().toLowerCase())
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, like name@example.com.')
  .transform((v) => (v === '' ? null : v))
  .optional()
  .transform((v) => v ?? null);

/** What every sign-up payload carries besides its kind's fields. */
export const signupEnvelope = {
  eventNumber: eventNumberField,
  eventDescription: z.string().max(5000).optional(),
  amount: claimedAmountField,
  receiptEmail: emailField,
};

/** The save calls need only the payment (token) and the amount the visitor saw; the stored sign-up is the authority. */
export const SaveSignupSchema = z.object({
  token: z.string({ error: 'The payment is missing. Please start again.' }).min(10, 'The payment is missing. Please start again.').max(300, 'The payment is missing. Please start again.'),
  amount: claimedAmountField,
});

/** Zod paths → the spec's keys: attendees.2.name → attendee-2-name; player1Name stays as it is. */
export function signupErrorKey(path: readonly PropertyKey[]): string {
  if (path[0] === 'attendees' && typeof path[1] === 'number') return `attendee-${path[1]}-${String(path[2] ?? 'name')}`;
  if (path[0] === 'attendees') return 'attendees';
  return path.length > 0 ? String(path[0]) : 'body';
}
