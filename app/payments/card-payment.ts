export interface CardPaymentHandle {
  /** Stripe wants this inside the click. */
  prepare(): Promise<CardResult>;
  confirm(clientSecret: string, details: { receiptEmail: string }): Promise<CardResult>;
}

export type CardResult = { ok: true } | { ok: false; message: string };
