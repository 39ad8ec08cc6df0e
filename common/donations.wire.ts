import { z } from 'zod';
import { emailField } from './accounts.wire';
import { DONATION_MAX_CENTS, DONATION_MESSAGE_MAX, DONATION_MIN_CENTS, DONOR_NAME_MAX, donationTotal, TRIBUTE_KINDS, TRIBUTE_WORDS } from './donations';
import { clientAmountToCents, formatCents } from './money';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from './text';

/** Spec §3 and ADR 027 payloads; server only (ADR 012). */

/** "20", "$20.00", "1,000.50" → cents within the gift limits. */
export const donationAmountField = z
  .union([z.string(), z.number()], { error: 'Enter an amount, like $20.00.' })
  .transform((value, ctx) => {
    if (typeof value === 'string' && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount, like $20.00.' });
      return z.NEVER;
    }
    const cents = clientAmountToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter the amount in dollars and cents, like 20 or $20.00.' });
      return z.NEVER;
    }
    if (cents < DONATION_MIN_CENTS || cents > DONATION_MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'A gift online can be from $1.00 to $25,000.00. For larger gifts, please contact us.' });
      return z.NEVER;
    }
    return cents;
  })
  .meta({ description: 'Dollars as typed, like "20", "$20.00" or "1,000.50", or a number; from $1.00 to $25,000.00.' });

const NO_MARKUP = 'Names cannot contain < or >.';

/** Typed by a stranger and ends up in mail: plain text, no markup, bounded. */
function nameText(label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .max(DONOR_NAME_MAX * 2, `${label} must be at most ${DONOR_NAME_MAX} characters.`)
    .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
    .refine((v) => !/[<>]/.test(v), NO_MARKUP)
    .trim()
    .max(DONOR_NAME_MAX, `${label} must be at most ${DONOR_NAME_MAX} characters.`)
    .optional()
    .default('');
}

const flagField = (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional().default(false);

export const DonationIntentSchema = z
  .object({
    amount: donationAmountField,
    email: emailField,
    message: z
      .string({ error: 'The message must be text.' })
      .max(DONATION_MESSAGE_MAX * 2, `Keep the message to ${DONATION_MESSAGE_MAX} characters or fewer.`)
      .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
      .trim()
      .max(DONATION_MESSAGE_MAX, `Keep the message to ${DONATION_MESSAGE_MAX} characters or fewer.`)
      .optional()
      .default(''),
    name: nameText('Your name'),
    anonymous: flagField('Give anonymously'),
    coverFees: flagField('Cover card fees'),
    /** ADR 027. */
    monthly: flagField('Give monthly'),
    /** Checked against the server's own total, never charged as such. */
    total: z
      .union([z.string(), z.number()], { error: 'The total must be an amount.' })
      .transform((value, ctx) => {
        const cents = clientAmountToCents(value);
        if (cents === null) {
          ctx.addIssue({ code: 'custom', message: 'The total must be an amount, like $20.60.' });
          return z.NEVER;
        }
        return cents;
      })
      .optional(),
    tribute: z.enum(['none', ...TRIBUTE_KINDS], { error: 'Choose in memory of, in honor of, or no dedication.' }).optional().default('none'),
    tributeName: nameText('The name'),
    notify: flagField('Notify someone'),
    notifyName: nameText('Their name'),
    notifyEmail: z.string({ error: 'Their email must be text.' }).max(600, 'Email must be at most 254 characters.').optional().default(''),
    notifyAmount: flagField('Include the amount'),
    /** ADR 047: the campaign page's form names its campaign; empty or absent: the foundation. */
    campaignId: z
      .union([z.int().positive().max(999_999_999), z.string().regex(/^\d{0,9}$/)], { error: 'The campaign must be a campaign number.' })
      .optional()
      .transform((value) => (value === undefined || value === '' || value === 0 ? null : Number(value))),
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const { totalCents } = donationTotal(input.amount, input.coverFees);
    if (input.total !== undefined && input.total !== totalCents) {
      issue('amount', `The total to pay is ${formatCents(totalCents)}. Please check the amount and confirm again.`);
    }
    if (input.tribute === 'none') return;
    if (!input.tributeName) issue('tributeName', `Enter the name of the person this gift is ${TRIBUTE_WORDS[input.tribute].toLowerCase()}.`);
    if (!input.notify) return;
    if (!input.notifyName) issue('notifyName', 'Enter the name of the person to notify.');
    const email = emailField.safeParse(input.notifyEmail);
    if (!input.notifyEmail.trim()) issue('notifyEmail', 'Enter the email address of the person to notify.');
    else if (!email.success) issue('notifyEmail', email.error.issues[0]?.message ?? 'Enter a valid email address, like name@example.com.');
    if (!input.anonymous && !input.name) issue('name', 'Enter your name so the notification can say who gave, or choose to give anonymously.');
  })
  .transform((input) => {
    const tribute =
      input.tribute === 'none'
        ? null
        : {
            kind: input.tribute,
            name: input.tributeName,
            notify: input.notify ? { name: input.notifyName, email: input.notifyEmail.trim().toLowerCase(), includeAmount: input.notifyAmount } : null,
          };
    return {
      amount: input.amount,
      email: input.email,
      message: input.message,
      name: input.name,
      anonymous: input.anonymous,
      coverFees: input.coverFees,
      monthly: input.monthly,
      ...donationTotal(input.amount, input.coverFees),
      tribute,
      campaignId: input.campaignId,
    };
  });

/** The stored gift is the authority. */
export const SaveDonationSchema = z.object({
  token: z.string({ error: 'The payment is missing. Please start again.' }).min(10, 'The payment is missing. Please start again.').max(300, 'The payment is missing. Please start again.'),
  amount: donationAmountField,
});

export const ChangePlanSchema = z.object({
  amount: donationAmountField,
  coverFees: flagField('Cover card fees'),
});

/** The holder of the signed link in its mail may change a plan without signing in. */
export const PlanLinkSchema = z.object({
  plan: z.coerce.number({ error: 'This link is not valid.' }).int('This link is not valid.').positive('This link is not valid.'),
  sig: z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid.'),
});
