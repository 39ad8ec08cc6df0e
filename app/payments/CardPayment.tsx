import { lazy, Suspense, useEffect, type Ref } from 'react';
import type { PublicConfig } from '../../common/load-context';
import type { CardPaymentHandle } from './card-payment';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { SimulatedCardFields } from './SimulatedCardFields';

// Stripe.js loads only on Stripe sites, and only when a payment form opens.
const StripeCardFields = lazy(() => import('./StripeCardFields'));

export function CardPayment({
  payments,
  handle,
  onReadyChange,
  amountCents,
  monthly = false,
  idPrefix,
  error,
  onEdit,
}: {
  payments: PublicConfig['payments'];
  handle: Ref<CardPaymentHandle>;
  onReadyChange: (ready: boolean) => void;
  amountCents: number;
  /** On Stripe the intent is a subscription's first invoice, which keeps the card. */
  monthly?: boolean;
  idPrefix: string;
  error?: string;
  /** So a message about the last try can go. */
  onEdit?: () => void;
}) {
  const hydrated = useHydrated();
  const simulated = payments.provider === 'simulated';
  useEffect(() => {
    if (simulated && hydrated) onReadyChange(true);
  }, [simulated, hydrated, onReadyChange]);

  // The card part needs the page's script; Confirm stays disabled until then.
  if (!hydrated) return <CardFormPending />;
  if (payments.provider === 'simulated') return <SimulatedCardFields handle={handle} idPrefix={idPrefix} error={error} onEdit={onEdit} />;
  return (
    <Suspense fallback={<CardFormPending />}>
      <StripeCardFields publishableKey={payments.publishableKey} amountCents={amountCents} monthly={monthly} handle={handle} onReadyChange={onReadyChange} error={error} onEdit={onEdit} />
    </Suspense>
  );
}

/** `data-pending`: the hydration test expects it to go. */
function CardFormPending() {
  return (
    <div data-pending="" className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
      <p>Loading the secure card form…</p>
      <noscript>
        <p className="mt-1 font-semibold text-slate-800">Paying by card needs JavaScript: please turn it on in your browser, or write or call us (the address is at the foot of the page).</p>
      </noscript>
    </div>
  );
}
