/**
 * Receipts and year-end statements as the receipt page, the dashboard and the PDFs show them
 * (ADR 025). Amounts are integer cents; dates are the foundation's calendar days.
 */

/** One paid payment's receipt: who received it, what it was for, and the IRS wording. */
export interface ReceiptView {
  paymentId: number;
  /** D-12 for donation 12, S-7 for sign-up 7: the numbers the emails give, with what they number. */
  number: string;
  kind: 'donation' | 'event';
  /** "Donation", or "Golf Event sign-up: Test Valley Golf Outing (June 19, 2027)". */
  description: string;
  /** The foundation's calendar day the payment was made, e.g. "November 22, 2026". */
  paidOn: string;
  /** The same day as "YYYY-MM-DD". */
  paidDate: string;
  amountCents: number;
  refundedCents: number;
  netCents: number;
  fairValueCents: number;
  deductibleCents: number;
  /** The IRS sentences, in order (common/tax-receipts.ts). */
  wording: string[];
  organization: { name: string; ein: string; status: string; address: string; email: string };
  /** Who paid: the receipt's email (the account's name is not on anonymous gifts). */
  payer: string;
}

/** A receipt in a list, with its signed links (the page and the PDF). */
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

/** GET /api/user/receipts: the signed-in supporter's receipts, newest first, and the years with payments. */
export interface UserReceipts {
  receipts: ReceiptLink[];
  statements: { year: number; url: string }[];
}

/** What page loaders may ask of receipts: only through a signed link. */
export interface ReceiptsPages {
  /** The receipt the link names, or null when the link is not one we signed or names no paid payment. */
  bySignedLink(paymentId: string, signature: string): Promise<{ receipt: ReceiptView; pdfUrl: string } | null>;
}
