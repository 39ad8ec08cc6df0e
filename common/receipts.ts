/** ADR 025. Amounts are integer cents; dates are the foundation's calendar days. */

export interface ReceiptView {
  paymentId: number;
  /** D-12 for donation 12, S-7 for sign-up 7. */
  number: string;
  kind: 'donation' | 'event';
  description: string;
  paidOn: string;
  paidDate: string;
  amountCents: number;
  refundedCents: number;
  netCents: number;
  fairValueCents: number;
  deductibleCents: number;
  /** common/tax-receipts.ts */
  wording: string[];
  organization: { name: string; ein: string; status: string; address: string; email: string };
  /** The account's name is not on anonymous gifts. */
  payer: string;
}

export interface ReceiptLink {
  paymentId: number;
  number: string;
  description: string;
  paidOn: string;
  amountCents: number;
  refundedCents: number;
  url: string;
  pdfUrl: string;
}

/** Newest first. */
export interface UserReceipts {
  receipts: ReceiptLink[];
  statements: { year: number; url: string }[];
}

/** Only through a signed link. */
export interface ReceiptsPages {
  /** Null when the link is not ours or names no paid payment. */
  bySignedLink(paymentId: string, signature: string): Promise<{ receipt: ReceiptView; pdfUrl: string } | null>;
}

/**
 * The one receipt number a payment has, wherever it is shown (emails, receipt page, PDF, dashboard,
 * back office, CSV): D-12 for donation 12, S-7 for sign-up 7. A supporter who quotes it to the
 * treasurer must find it on every copy.
 */
export function receiptNumber(of: { donationId: number } | { signupId: number } | { sponsorshipId: number }): string {
  if ('sponsorshipId' in of) return `SP-${of.sponsorshipId}`;
  return 'signupId' in of ? `S-${of.signupId}` : `D-${of.donationId}`;
}

/** "D-12", "d12", "D 12" → donation 12; null for anything that is not a receipt number. */
export function parseReceiptNumber(text: string): { donationId: number } | { signupId: number } | null {
  const match = /^\s*([ds])[\s-]?(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const id = Number(match[2]);
  return match[1]!.toLowerCase() === 'd' ? { donationId: id } : { signupId: id };
}
