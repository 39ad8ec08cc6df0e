import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useImperativeHandle, useState, type Ref } from 'react';
import type { CardPaymentHandle } from './card-payment';

let stripePromise: Promise<Stripe | null> | null = null;
const stripeFor = (publishableKey: string) => (stripePromise ??= loadStripe(publishableKey));

function PaymentFields({ handle, onReadyChange, onEdit }: { handle: Ref<CardPaymentHandle>; onReadyChange: (ready: boolean) => void; onEdit?: () => void }) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    handle,
    () => ({
      async prepare() {
        if (!elements) return { ok: false, message: 'The card form is still loading. Please wait a moment.' };
        const { error } = await elements.submit();
        return error ? { ok: false, message: error.message ?? 'Please check the card details.' } : { ok: true };
      },
      async confirm(clientSecret, { receiptEmail }) {
        if (!stripe || !elements) return { ok: false, message: 'The card form is still loading. Please wait a moment.' };
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: window.location.href, receipt_email: receiptEmail },
          redirect: 'if_required',
        });
        if (error) return { ok: false, message: error.message ?? 'Your card could not be charged.' };
        return paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing'
          ? { ok: true }
          : { ok: false, message: 'The payment was not completed. Please try again.' };
      },
    }),
    [stripe, elements],
  );

  return <PaymentElement onReady={() => onReadyChange(true)} onChange={() => onEdit?.()} options={{ layout: 'tabs' }} />;
}

/** Created before the intent. */
export default function StripeCardFields({
  publishableKey,
  amountCents,
  monthly,
  handle,
  onReadyChange,
  error,
  onEdit,
}: {
  publishableKey: string;
  amountCents: number;
  monthly: boolean;
  handle: Ref<CardPaymentHandle>;
  onReadyChange: (ready: boolean) => void;
  error?: string;
  onEdit?: () => void;
}) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  useEffect(() => () => onReadyChange(false), [onReadyChange]);
  return (
    <div>
      {error ? (
        <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {/* A monthly gift confirms a subscription's first invoice (ADR 027): Stripe's deferred-intent mode for that is 'subscription'. */}
      <Elements stripe={stripe} options={{ mode: monthly ? 'subscription' : 'payment', amount: Math.max(amountCents, 100), currency: 'usd' }}>
        <PaymentFields handle={handle} onReadyChange={onReadyChange} onEdit={onEdit} />
      </Elements>
    </div>
  );
}
