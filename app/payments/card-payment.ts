/** What a card form offers the payment flow, whichever provider is behind it. */
export interface CardPaymentHandle {
  /** Checks the card fields before an intent is requested (Stripe wants this inside the click). */
  prepare(): Promise<CardResult>;
  /** Confirms the card payment of the intent behind the secret. */
  confirm(clientSecret: string, details: { receiptEmail: string }): Promise<CardResult>;
}

export type CardResult = { ok: true } | { ok: false; message: string };
