import * as Dialog from '@radix-ui/react-dialog';
import { useId, useMemo, useRef, useState } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import type { ApiEvent } from '../../../common/events';
import { centsToDecimalString, formatCents } from '../../../common/money';
import type { PublicConfig } from '../../../common/services';
import { SIGNUP_KINDS, type SignupKind } from '../../../common/signups/kinds';
import { steakfry } from '../../../common/signups/steakfry';
import { apiRequest } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { usePaymentFlow } from '../../lib/payment-flow';
import { useFocusFirstError } from '../../lib/use-focus-first-error';
import { useReturnFocus } from '../../lib/use-return-focus';
import { GeneralErrors, TextField } from '../forms/FormParts';
import { CloseIcon } from '../icons';
import type { CardPaymentHandle } from '../payments/card-payment';
import { CardPayment } from '../payments/CardPayment';
import { PAYMENT_DIALOG_PADDING, PaymentDialogFooter } from '../payments/PaymentDialogFooter';
import { AttendeeFields, initialSignupValues, TeamFields, type AttendeeValues, type SignupValues } from './SignupFields';

const TERMS_PDF = '/media/documents/gaming-tournament-terms.pdf';

/** The price the server will ask, from the same kind rules it uses (only a party's list changes it). */
function priceOf(kind: SignupKind, values: SignupValues): number {
  return kind === 'steakfry' ? steakfry.priceCents({ attendees: (values.attendees as AttendeeValues[]) ?? [] }) : SIGNUP_KINDS[kind].priceCents();
}

/** Errors an edit of the party answers: the edited fields, or every attendee's when one is added or removed (the numbers shift). */
function attendeeErrorsToClear(before: AttendeeValues[], after: AttendeeValues[], errors: Record<string, string>): string[] {
  if (before.length !== after.length) return ['amount', 'attendees', ...Object.keys(errors).filter((key) => key.startsWith('attendee-'))];
  return after.flatMap((a, i) => [
    ...(a.name !== before[i]?.name ? [`attendee-${i}-name`] : []),
    ...(a.allergies !== before[i]?.allergies ? [`attendee-${i}-allergies`] : []),
    ...(a.child !== before[i]?.child ? ['amount'] : []),
  ]);
}

/** Spec §4 Event signup modal: the form of the event's type, the card, Confirm and Not now/Close. */
export function SignupDialog({ event, kind, open, onOpenChange }: { event: ApiEvent; kind: SignupKind; open: boolean; onOpenChange: (open: boolean) => void }) {
  const revalidator = useRevalidator();
  const returnFocus = useReturnFocus();
  const [session, setSession] = useState(0);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setSession((s) => s + 1); // closing resets the form (spec §4)
      void revalidator.revalidate(); // and refreshes the events (places left)
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          {...returnFocus}
          onPointerDownOutside={(e) => e.preventDefault()}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[94vh] w-[min(44rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white shadow-2xl ${PAYMENT_DIALOG_PADDING}`}
        >
          <SignupForm key={session} event={event} kind={kind} onClose={() => change(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SignupForm({ event, kind, onClose }: { event: ApiEvent; kind: SignupKind; onClose: () => void }) {
  const id = useId();
  const { user } = useAuth();
  const root = useRouteLoaderData('root') as { payments?: PublicConfig['payments'] } | undefined;
  const payments = root?.payments ?? { provider: 'simulated' as const };
  const [values, setValues] = useState<SignupValues>(() => initialSignupValues(kind, user?.email ?? ''));
  const [cardReady, setCardReady] = useState(false);
  const card = useRef<CardPaymentHandle>(null);
  const price = priceOf(kind, values);

  const flow = usePaymentFlow<Record<string, unknown>>({
    card,
    requestIntent: (form) => apiRequest<{ clientSecret: string; savedIntent: { holdExpiresAt: string | null } }>(`/stripe/${kind}_signup_intent`, { body: form }),
    save: async (form, clientSecret) => {
      await apiRequest(`/stripe/save_${kind}_signup`, { body: { ...form, token: clientSecret } });
    },
    receiptEmail: (form) => String(form.receiptEmail ?? ''),
    serverErrorText: (status, fields) => `Contact Admin (${status}) - ${fields.server ?? Object.values(fields)[0] ?? 'Unknown error'}`,
  });
  const done = flow.outcome !== 'none';
  useFocusFirstError(`${id}-form`, flow.errors);

  // Every key with its own place in the form; any other error goes in the box at the top.
  const shownFields = useMemo(() => {
    const keys = new Set([...Object.keys(values), 'amount', 'card']);
    ((values.attendees as AttendeeValues[] | undefined) ?? []).forEach((_, i) => {
      keys.add(`attendee-${i}-name`);
      keys.add(`attendee-${i}-allergies`);
    });
    return [...keys];
  }, [values]);

  const onChange = (name: string, value: string | boolean | AttendeeValues[]) => {
    if (name === 'attendees') flow.clearErrors(...attendeeErrorsToClear(values.attendees as AttendeeValues[], value as AttendeeValues[], flow.errors));
    else flow.clearErrors(name);
    setValues((v) => ({ ...v, [name]: value }));
  };

  return (
    <form
      id={`${id}-form`}
      noValidate
      aria-busy={flow.sendingRequest}
      onSubmit={(e) => {
        e.preventDefault();
        void flow.confirm({ ...values, amount: centsToDecimalString(price), eventNumber: event.eventNumber, eventDescription: event.description });
      }}
    >
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-2xl font-semibold text-brand-800">
          {event.eventType} <span className="whitespace-nowrap">sign-up</span>
        </Dialog.Title>
        <Dialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close the sign-up form">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-1 text-slate-700">
        {event.name} — {event.location}
      </Dialog.Description>

      <fieldset disabled={done} className="mt-4 space-y-4">
        <GeneralErrors errors={flow.errors} fields={shownFields} />
        {kind === 'steakfry' ? (
          <AttendeeFields idPrefix={id} values={values} errors={flow.errors} onChange={onChange} />
        ) : (
          <TeamFields kind={kind} idPrefix={id} values={values} errors={flow.errors} onChange={onChange} termsHref={kind === 'gaming' ? TERMS_PDF : null} />
        )}
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <TextField
            id={`${id}-receiptEmail`}
            name="receiptEmail"
            label="Email for the receipt"
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            value={String(values.receiptEmail)}
            error={flow.errors.receiptEmail}
            onValueChange={(v) => onChange('receiptEmail', v)}
          />
          <TextField
            id={`${id}-amount`}
            name="amount"
            label={SIGNUP_KINDS[kind].amountLabel}
            readOnly
            value={formatCents(price)}
            error={flow.errors.amount}
            onValueChange={() => undefined}
          />
        </div>
        <CardPayment
          payments={payments}
          handle={card}
          onReadyChange={setCardReady}
          amountCents={price}
          idPrefix={id}
          error={flow.errors.card}
          onEdit={() => flow.clearErrors('card')}
        />
      </fieldset>

      <PaymentDialogFooter
        flow={flow}
        successText="Success! Thank you for signing up!"
        unconfirmedText="Your payment went through. We are still recording your sign-up; a confirmation will arrive by email. Please do not pay again."
        cardReady={cardReady}
        onClose={onClose}
      />
    </form>
  );
}
