import { useImperativeHandle, useState, type Ref } from 'react';
import { ApiError, apiRequest } from '../lib/api';
import { TextField } from '../ui/FormFields';
import type { CardPaymentHandle } from './card-payment';

const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** Stripe's test cards and messages; the card goes only to our own server's simulated gateway. */
export function SimulatedCardFields({
  handle,
  idPrefix,
  error,
  onEdit,
}: {
  handle: Ref<CardPaymentHandle>;
  idPrefix: string;
  error?: string;
  onEdit?: () => void;
}) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', zip: '' });
  const edit = (patch: Partial<typeof card>) => {
    setCard((c) => ({ ...c, ...patch }));
    onEdit?.();
  };

  useImperativeHandle(
    handle,
    () => ({
      prepare: async () => ({ ok: true }),
      async confirm(clientSecret) {
        try {
          await apiRequest('/payments/simulated/confirm', { body: { clientSecret, ...card } });
          return { ok: true };
        } catch (e) {
          const message = e instanceof ApiError ? (e.fields.card ?? Object.values(e.fields)[0]) : undefined;
          return { ok: false, message: message ?? 'The payment could not be completed. Please try again.' };
        }
      },
    }),
    [card],
  );

  return (
    <fieldset className="rounded-lg border border-slate-300 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Card details</legend>
      <div className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">
        <p className="font-semibold">Test mode — no real card is charged</p>
        <p className="mt-0.5">Use the test card 4242 4242 4242 4242 with any future date.</p>
      </div>
      {error ? (
        <p id={`${idPrefix}-card-error`} role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      {/* Inputs line up even when a label wraps on a narrow phone. */}
      <div className="grid grid-cols-2 items-end gap-3">
        <TextField
          id={`${idPrefix}-card-number`}
          className="col-span-2"
          name="cardNumber"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          value={card.number}
          onValueChange={(v) => edit({ number: groupDigits(v) })}
        />
        <TextField
          id={`${idPrefix}-card-expiry`}
          name="cardExpiry"
          label="Expiration (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          value={card.expiry}
          onValueChange={(v) => edit({ expiry: formatExpiry(v) })}
        />
        <TextField
          id={`${idPrefix}-card-cvc`}
          name="cardCvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={card.cvc}
          onValueChange={(v) => edit({ cvc: v.replace(/\D/g, '').slice(0, 4) })}
        />
        <TextField
          id={`${idPrefix}-card-zip`}
          className="col-span-2"
          name="cardZip"
          label="ZIP"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={card.zip}
          onValueChange={(v) => edit({ zip: v.replace(/[^\d-]/g, '').slice(0, 10) })}
        />
      </div>
    </fieldset>
  );
}
