import { formatCents } from './money';

/** Giving (spec §3, ADR 027) shared by browser and server; the zod schemas are in `donations.wire.ts` (ADR 012). */

export const DONATION_MIN_CENTS = 100;
export const DONATION_MAX_CENTS = 2_500_000;
export const DONATION_MESSAGE_MAX = 1000;

/** ADR 027. */
export const COVER_FEES_PERCENT = 3;

export interface DonationTotal {
  giftCents: number;
  feeCents: number;
  totalCents: number;
}

/** The one computation the form shows and the server charges: 3% rounded half up when covering fees. */
export function donationTotal(giftCents: number, coverFees: boolean): DonationTotal {
  // Integer arithmetic: no float ever decides a cent.
  const feeCents = coverFees ? Math.floor((giftCents * COVER_FEES_PERCENT + 50) / 100) : 0;
  return { giftCents, feeCents, totalCents: giftCents + feeCents };
}

export const DONOR_NAME_MAX = 100;
export const TRIBUTE_KINDS = ['memory', 'honor'] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];

export const TRIBUTE_WORDS: Record<TributeKind, string> = { memory: 'In memory of', honor: 'In honor of' };

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
  /** The signed receipt page, a path on this site (ADR 025, 046). */
  receiptUrl: string;
}

/** Never the card or the email. */
export interface GivingPlanView {
  id: number;
  /** Two-decimal strings. */
  amount: string;
  coverFees: boolean;
  total: string;
  status: 'active' | 'stopped';
  /** Null once stopped. */
  nextChargeOn: string | null;
}

/** ADR 027. */
export interface GivingDetails {
  giftCents: number;
  feeCents: number;
  anonymous: boolean;
  tribute: { kind: TributeKind; name: string } | null;
}

/** Only those that apply, in that order. */
export function givingNotes(details: GivingDetails): string[] {
  const notes: string[] = [];
  if (details.feeCents > 0) notes.push(`Gift ${formatCents(details.giftCents)} + ${formatCents(details.feeCents)} card fees`);
  if (details.tribute) notes.push(`${TRIBUTE_WORDS[details.tribute.kind]} ${details.tribute.name}`);
  if (details.anonymous) notes.push('Anonymous');
  return notes;
}
