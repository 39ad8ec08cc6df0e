import type { PaymentState } from '../../common/payments';

const LOOK: Record<PaymentState, { text: string; className: string }> = {
  paid: { text: 'Paid', className: 'bg-green-100 text-green-900 border-green-300' },
  partially_refunded: { text: 'Partly refunded', className: 'bg-amber-100 text-amber-900 border-amber-300' },
  refunded: { text: 'Refunded', className: 'bg-slate-200 text-slate-900 border-slate-400' },
  pending: { text: 'Pending', className: 'bg-sky-100 text-sky-900 border-sky-300' },
  failed: { text: 'Failed', className: 'bg-red-100 text-red-900 border-red-300' },
  expired: { text: 'Expired', className: 'bg-slate-100 text-slate-800 border-slate-300' },
};

/** A payment's state in words (never colour alone). */
export function StatusBadge({ status }: { status: PaymentState }) {
  const look = LOOK[status];
  return <span className={`inline-block whitespace-nowrap rounded border px-2 py-0.5 text-xs font-semibold ${look.className}`}>{look.text}</span>;
}
