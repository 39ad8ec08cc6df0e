import { useCallback, useRef, useState, type RefObject } from 'react';
import type { FieldErrors } from '../../common/api-errors';
import type { CardPaymentHandle } from './card-payment';
import { ApiError } from '../lib/api';

export interface PaymentFlowOptions<F> {
  card: RefObject<CardPaymentHandle | null>;
  /** Spec §7 *_intent calls. */
  requestIntent: (form: F) => Promise<{ clientSecret: string; savedIntent?: { holdExpiresAt?: string | null } }>;
  /** Spec §7 save_* calls. */
  save: (form: F, clientSecret: string) => Promise<void>;
  receiptEmail: (form: F) => string;
  /** Field errors are shown as they come. */
  serverErrorText?: (status: number, fields: FieldErrors) => string;
}

export type PaymentOutcome = 'none' | 'paid' | 'paid-unconfirmed' | 'refunded';

// So the card is never charged for places already let go.
const HOLD_MARGIN_MS = 60_000;

const sameForm = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Spec §4: a new intent only when the form changed since the last one, then confirm, then save. */
export function usePaymentFlow<F>({ card, requestIntent, save, receiptEmail, serverErrorText }: PaymentFlowOptions<F>) {
  const [sendingRequest, setSendingRequest] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<PaymentOutcome>('none');
  const [outcomeText, setOutcomeText] = useState('');
  const intent = useRef<{ clientSecret: string; savedIntent: F; holdExpiresAt: number | null } | null>(null);
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
        const held = intent.current?.holdExpiresAt;
        const lapsed = held !== null && held !== undefined && held - HOLD_MARGIN_MS <= Date.now();
        if (!intent.current || !sameForm(intent.current.savedIntent, form) || lapsed) {
          const answer = await requestIntent(form);
          const until = answer.savedIntent?.holdExpiresAt;
          intent.current = { clientSecret: answer.clientSecret, savedIntent: form, holdExpiresAt: until ? Date.parse(until) : null };
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
        if (cardCharged && error instanceof ApiError && error.status === 409) {
          // Charged after the places went: the server refunded it at once.
          setOutcome('refunded');
          setOutcomeText(Object.values(error.fields)[0] ?? 'Your payment has been refunded.');
          return;
        }
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

  /** The other errors stay until the next Confirm. */
  const clearErrors = useCallback((...keys: string[]) => {
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  return { sendingRequest, errors, outcome, outcomeText, confirm, clearErrors };
}
