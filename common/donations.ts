import { z } from 'zod';
import { emailField } from './accounts';
import { clientAmountToCents } from './money';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from './text';

/** Spec §3 Donation form; the server's limits per gift. */
export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 2_500_000;
export const DONATION_MESSAGE_MAX = 1000;

/** A typed amount ("20", "$20.00", "1,000.50") → cents within the gift limits. */
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
  });

export const DonationIntentSchema = z.object({
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
});

/** The save call needs the payment (token) and the amount the donor saw; the stored gift is the authority. */
export const SaveDonationSchema = z.object({
  token: z.string({ error: 'The payment is missing. Please start again.' }).min(10, 'The payment is missing. Please start again.').max(300, 'The payment is missing. Please start again.'),
  amount: donationAmountField,
});

/** What both intent calls answer: the secret for the card form and what the intent was made for. */
export interface IntentAnswer<Saved> {
  clientSecret: string;
  savedIntent: Saved;
}

export interface SavedDonationIntent {
  amount: string;
  email: string;
  message: string;
}

export interface SavedDonation extends SavedDonationIntent {
  id: number;
  status: 'paid';
  paidAt: string;
}
