import { z } from 'zod';
import { emailField } from './accounts';
import { parseAmountToCents } from './money';
import { ALLERGIES_MAX, isValidPhoneNumber, SHIRT_SIZES, STEAKFRY_MAX_ATTENDEES, STEAKFRY_MIN_ATTENDEES, TEAM_NAME_MAX } from './signup-rules';

export * from './signup-rules';

/**
 * Event sign-up payloads (spec §3, §7): one zod schema per form. The server is the authority; the
 * rules and prices they use live in common/signup-rules.ts.
 */

/** The amount the browser sent, as cents; anything that is not a plain amount is refused. */
const amountField = z.union([z.string(), z.number()], { error: 'The amount is missing.' }).transform((value, ctx) => {
  const cents = typeof value === 'number' ? (Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null) : parseAmountToCents(value.slice(0, 20));
  if (cents === null || (typeof value === 'number' && Math.abs(value * 100 - Math.round(value * 100)) > 1e-6)) {
    ctx.addIssue({ code: 'custom', message: 'The amount is not valid.' });
    return z.NEVER;
  }
  return cents;
});

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional email: empty is fine, anything else must be an address. */
const optionalEmail = z
  .string({ error: 'Enter a valid email address.' })
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter a valid email address, like name@example.com.')
  .transform((v) => v.toLowerCase())
  .optional()
  .default('');

const receiptEmail = emailField;

const eventFields = {
  eventNumber: z.coerce.number({ error: 'The event is missing.' }).int('The event is missing.').positive('The event is missing.'),
  eventDescription: z.string().max(5000).optional(),
};

function playerFields(n: number, extra: Record<string, z.ZodType>) {
  return {
    [`player${n}Name`]: requiredText(`Player ${n} name`, 100),
    [`player${n}Email`]: n === 1 ? emailField : optionalEmail,
    ...Object.fromEntries(Object.entries(extra).map(([key, schema]) => [`player${n}${key}`, schema])),
  };
}

const players = (extra: (n: number) => Record<string, z.ZodType>) =>
  Object.assign({}, ...[1, 2, 3, 4].map((n) => playerFields(n, extra(n)))) as Record<string, z.ZodType>;

export const GolfSignupSchema = z.object({
  ...eventFields,
  amount: amountField,
  receiptEmail,
  ...players((n) => ({
    ShirtSize: z.enum(SHIRT_SIZES, { error: `Choose a shirt size for player ${n}.` }),
  })),
});

export const GamingSignupSchema = z.object({
  ...eventFields,
  amount: amountField,
  receiptEmail,
  teamName: requiredText('Team name', TEAM_NAME_MAX),
  teamContactNumber: z
    .string({ error: 'A contact phone number is required.' })
    .trim()
    .min(1, 'A contact phone number is required.')
    .max(30, 'Enter a phone number like (740) 555-0142.')
    .refine(isValidPhoneNumber, 'Enter a phone number like (740) 555-0142.'),
  teamAgrees: z.literal(true, { error: 'Your team must agree to the tournament terms.' }),
  ...players((n) => ({
    ActivisionId: requiredText(`Player ${n} Activision ID`, 60),
    Location: requiredText(`Player ${n} location`, 100),
  })),
});

const attendeeSchema = z.object({
  name: requiredText('Name', 100),
  allergies: z
    .string({ error: 'Allergies must be text.' })
    .trim()
    .max(ALLERGIES_MAX, `Allergies must be at most ${ALLERGIES_MAX} characters.`)
    .optional()
    .default(''),
  child: z.boolean({ error: 'Say whether this attendee is a child.' }).optional().default(false),
});

export const SteakfrySignupSchema = z.object({
  ...eventFields,
  amount: amountField,
  receiptEmail,
  attendees: z
    .array(attendeeSchema, { error: 'Add at least one attendee.' })
    .min(STEAKFRY_MIN_ATTENDEES, 'Add at least one attendee.')
    .max(STEAKFRY_MAX_ATTENDEES, `A party can have at most ${STEAKFRY_MAX_ATTENDEES} attendees.`),
});

export const SIGNUP_SCHEMAS = { golf: GolfSignupSchema, gaming: GamingSignupSchema, steakfry: SteakfrySignupSchema } as const;

const withToken = <S extends z.ZodObject>(schema: S) =>
  schema.extend({ token: z.string({ error: 'The payment is missing. Please start again.' }).min(10, 'The payment is missing. Please start again.').max(300) });

export const SAVE_SIGNUP_SCHEMAS = {
  golf: withToken(GolfSignupSchema),
  gaming: withToken(GamingSignupSchema),
  steakfry: withToken(SteakfrySignupSchema),
} as const;
