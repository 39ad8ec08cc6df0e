import { lazy, Suspense, useEffect, type Ref } from 'react';
import type { PublicConfig } from '../../common/load-context';
import type { CardPaymentHandle } from './card-payment';
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
  const simulated = payments.provider === 'simulated';
  useEffect(() => {
    if (simulated) onReadyChange(true);
  }, [simulated, onReadyChange]);

  if (payments.provider === 'simulated') return <SimulatedCardFields handle={handle} idPrefix={idPrefix} error={error} onEdit={onEdit} />;
  return (
    <Suspense fallback={<p className="text-sm text-slate-600">Loading the secure card form…</p>}>
      <StripeCardFields publishableKey={payments.publishableKey} amountCents={amountCents} monthly={monthly} handle={handle} onReadyChange={onReadyChange} error={error} onEdit={onEdit} />
    </Suspense>
  );
}
