import { formatCents } from './money';

/**
 * Giving (spec §3 Donation form, ADR 027) as browser and server share it: the limits, the total a
 * donor pays and the words of a tribute. The zod schemas of the payloads are in
 * `donations.wire.ts`, which only the server imports (ADR 012: no schema library in the browser).
 */

/** The server's limits per gift. */
export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 2_500_000;
export const DONATION_MESSAGE_MAX = 1000;

/** "Add 3% to cover card fees" (ADR 027). */
export const COVER_FEES_PERCENT = 3;

export interface DonationTotal {
  giftCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * What the donor pays: the gift, plus 3% of it rounded to the nearest cent (half a cent up) when
 * they cover the card fees. The one computation the form shows and the server charges.
 */
export function donationTotal(giftCents: number, coverFees: boolean): DonationTotal {
  // Integer arithmetic: no float ever decides a cent.
  const feeCents = coverFees ? Math.floor((giftCents * COVER_FEES_PERCENT + 50) / 100) : 0;
  return { giftCents, feeCents, totalCents: giftCents + feeCents };
}

export const DONOR_NAME_MAX = 100;
export const TRIBUTE_KINDS = ['memory', 'honor'] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];

/** "In memory of" / "In honor of": how the receipt and the notification word a tribute. */
export const TRIBUTE_WORDS: Record<TributeKind, string> = { memory: 'In memory of', honor: 'In honor of' };

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

/** A monthly gift as its donor sees it (dashboard, the signed link): never the card or the email. */
export interface GivingPlanView {
  id: number;
  /** The gift each month, and the total charged with any card-fee part; two-decimal strings. */
  amount: string;
  coverFees: boolean;
  total: string;
  status: 'active' | 'stopped';
  /** The calendar date of the next charge (YYYY-MM-DD); null once stopped. */
  nextChargeOn: string | null;
}

/** What a gift adds beyond its amount, as the donor's dashboard and the back office show it (ADR 027). */
export interface GivingDetails {
  giftCents: number;
  /** The part added to cover card fees; 0 when the donor did not cover them. */
  feeCents: number;
  anonymous: boolean;
  tribute: { kind: TributeKind; name: string } | null;
}

/** "Gift $20.00 + $0.60 card fees", "In memory of Ada", "Anonymous": only those that apply, in that order. */
export function givingNotes(details: GivingDetails): string[] {
  const notes: string[] = [];
  if (details.feeCents > 0) notes.push(`Gift ${formatCents(details.giftCents)} + ${formatCents(details.feeCents)} card fees`);
  if (details.tribute) notes.push(`${TRIBUTE_WORDS[details.tribute.kind]} ${details.tribute.name}`);
  if (details.anonymous) notes.push('Anonymous');
  return notes;
}
