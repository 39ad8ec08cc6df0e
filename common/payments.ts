/** ADR 013. Zod-free: the dashboard shows these texts. */

export type PaymentState = 'pending' | 'paid' | 'failed' | 'expired' | 'refunded' | 'partially_refunded';

export type RefundReason = 'event_full' | 'event_closed' | 'party_cancelled' | 'requested_by_customer' | 'staff' | 'outside_site';

const REFUND_TEXT: Record<RefundReason, string> = {
  event_full: 'the event filled up',
  event_closed: 'sign-up had closed',
  party_cancelled: 'the party they were joining had been cancelled',
  requested_by_customer: 'at your request',
  staff: 'by the foundation',
  outside_site: 'by the foundation',
};

function isRefundReason(value: string | null): value is RefundReason {
  return value !== null && Object.hasOwn(REFUND_TEXT, value);
}

/** Null while paid in full. */
export function refundNote(state: PaymentState, reason: string | null, refundedAmount?: string): string | null {
  if (state !== 'refunded' && state !== 'partially_refunded') return null;
  const why = isRefundReason(reason) ? `: ${REFUND_TEXT[reason]}` : '';
  return state === 'refunded' ? `Refunded${why}` : `Partly refunded${refundedAmount ? ` ($${refundedAmount})` : ''}${why}`;
}
