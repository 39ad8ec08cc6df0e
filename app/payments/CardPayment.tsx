import { lazy, Suspense, useEffect, type Ref } from 'react';
import type { PublicConfig } from '../../common/load-context';
import type { CardPaymentHandle } from './card-payment';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { SimulatedCardFields } from './SimulatedCardFields';

// Stripe.js only loads on sites that take real payments, and only when a payment form opens.
const StripeCardFields = lazy(() => import('./StripeCardFields'));

/** The card form of the configured provider; `error` is the provider's message for the last try. */
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
  /** A monthly gift: on Stripe the intent is a subscription's first invoice, which keeps the card. */
  monthly?: boolean;
  idPrefix: string;
  error?: string;
  /** The card details were changed (so a message about the last try can go). */
  onEdit?: () => void;
}) {
  const hydrated = useHydrated();
  const simulated = payments.provider === 'simulated';
  useEffect(() => {
    if (simulated && hydrated) onReadyChange(true);
  }, [simulated, hydrated, onReadyChange]);

  // The card part needs the page's script: the server's page shows where it will be (Confirm stays disabled).
  if (!hydrated) return <CardFormPending />;
  if (payments.provider === 'simulated') return <SimulatedCardFields handle={handle} idPrefix={idPrefix} error={error} onEdit={onEdit} />;
  return (
    <Suspense fallback={<CardFormPending />}>
      <StripeCardFields publishableKey={payments.publishableKey} amountCents={amountCents} monthly={monthly} handle={handle} onReadyChange={onReadyChange} error={error} onEdit={onEdit} />
    </Suspense>
  );
}

/** Stands in for the card form until the page's script runs (`data-pending`: the hydration test expects it to go). */
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
