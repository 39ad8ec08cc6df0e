import { useImperativeHandle, useState, type Ref } from 'react';
import { ApiError, apiRequest } from '../../lib/api';
import { TextField } from '../forms/FormParts';
import type { CardPaymentHandle } from './card-payment';

/** "4242424242424242" → "4242 4242 4242 4242" as people read it on the card. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "0428" → "04/28" */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The simulated gateway's card form (DESIGN.md): Stripe's test cards and messages, no money moves.
 * The card goes to our own server's simulated gateway, never anywhere else.
 */
export function SimulatedCardFields({ handle, idPrefix, error }: { handle: Ref<CardPaymentHandle>; idPrefix: string; error?: string }) {
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '', zip: '' });

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
      <p className="mb-3 rounded-md bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900">Test mode — no real card is charged</p>
      {error ? (
        <p id={`${idPrefix}-card-error`} role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id={`${idPrefix}-card-number`}
          className="col-span-2"
          name="cardNumber"
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          value={card.number}
          onValueChange={(v) => setCard((c) => ({ ...c, number: groupDigits(v) }))}
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
          onValueChange={(v) => setCard((c) => ({ ...c, expiry: formatExpiry(v) }))}
        />
        <TextField
          id={`${idPrefix}-card-cvc`}
          name="cardCvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onValueChange={(v) => setCard((c) => ({ ...c, cvc: v.replace(/\D/g, '').slice(0, 4) }))}
        />
        <TextField
          id={`${idPrefix}-card-zip`}
          className="col-span-2"
          name="cardZip"
          label="ZIP"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="43947"
          maxLength={10}
          value={card.zip}
          onValueChange={(v) => setCard((c) => ({ ...c, zip: v.replace(/[^\d-]/g, '').slice(0, 10) }))}
        />
      </div>
    </fieldset>
  );
}
