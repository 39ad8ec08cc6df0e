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
