import { useCallback, useRef, useState, type RefObject } from 'react';
import type { FieldErrors } from '../../common/api-errors';
import type { CardPaymentHandle } from '../components/payments/card-payment';
import { ApiError } from './api';

export interface PaymentFlowOptions<F> {
  card: RefObject<CardPaymentHandle | null>;
  /** Asks the server for a new intent for this form (spec §7 *_intent calls). */
  requestIntent: (form: F) => Promise<{ clientSecret: string }>;
  /** Tells the server the card payment succeeded (spec §7 save_* calls). */
  save: (form: F, clientSecret: string) => Promise<void>;
  receiptEmail: (form: F) => string;
  /** How a server failure (5xx, unreachable) reads; field errors are shown as they come. */
  serverErrorText?: (status: number, fields: FieldErrors) => string;
}

export type PaymentOutcome = 'none' | 'paid' | 'paid-unconfirmed';

const sameForm = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Spec §4 payment state (sendingRequest, clientSecret, savedIntent) and the modal's Confirm:
 * a new intent only when the form differs from the last saved one, then the card is confirmed
 * at once, then the save call. Shared by the Donation Form and the event sign-up forms.
 */
export function usePaymentFlow<F>({ card, requestIntent, save, receiptEmail, serverErrorText }: PaymentFlowOptions<F>) {
  const [sendingRequest, setSendingRequest] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<PaymentOutcome>('none');
  const intent = useRef<{ clientSecret: string; savedIntent: F } | null>(null);
  const busy = useRef(false);

  const confirm = useCallback(
    async (form: F) => {
      if (busy.current || outcome !== 'none') return;
      busy.current = true;
      setErrors({});
      setSendingRequest(true);
      let cardCharged = false;
      try {
        const handle = card.current;
        if (!handle) throw new ApiError(0, { card: 'The card form is still loading. Please wait a moment.' });
        const prepared = await handle.prepare();
        if (!prepared.ok) {
          setErrors({ card: prepared.message });
          return;
        }
        if (!intent.current || !sameForm(intent.current.savedIntent, form)) {
          const answer = await requestIntent(form);
          intent.current = { clientSecret: answer.clientSecret, savedIntent: form };
        }
        const { clientSecret } = intent.current;
        const charged = await handle.confirm(clientSecret, { receiptEmail: receiptEmail(form) });
        if (!charged.ok) {
          setErrors({ card: charged.message });
          return;
        }
        cardCharged = true;
        await save(form, clientSecret);
        setOutcome('paid');
      } catch (error) {
        if (cardCharged) {
          // The money moved: never invite a second charge. The server settles it from the gateway.
          setOutcome('paid-unconfirmed');
          return;
        }
        if (error instanceof ApiError && (error.status === 0 || error.status >= 500) && serverErrorText) {
          setErrors({ server: serverErrorText(error.status, error.fields) });
        } else {
          setErrors(error instanceof ApiError ? error.fields : { server: 'Something went wrong. Please try again.' });
        }
      } finally {
        busy.current = false;
        setSendingRequest(false);
      }
    },
    [card, outcome, receiptEmail, requestIntent, save, serverErrorText],
  );

  /** A field the visitor edits loses its error (the others stay until the next Confirm). */
  const clearErrors = useCallback((...keys: string[]) => {
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  return { sendingRequest, errors, outcome, confirm, clearErrors };
}
