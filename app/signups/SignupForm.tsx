import { useMemo, useRef, useState } from 'react';
import { useRootData } from '../lib/root-data';
import type { ApiEvent, EventSignupRules } from '../../common/events';
import { centsToDecimalString, formatCents } from '../../common/money';
import { SIGNUP_KINDS, type SignupKind } from '../../common/signups/kinds';
import { refundPolicyText } from '../../common/signup-policy';
import { apiRequest } from '../lib/api';
import { useSignedInProfile } from '../lib/auth';
import { usePaymentFlow } from '../payments/payment-flow';
import { useTypedBeforeHydration, type TypedValue } from '../lib/hooks/use-typed-before-hydration';
import { useFocusFirstError } from '../lib/hooks/use-focus-first-error';
import { GeneralErrors, TextField } from '../ui/FormFields';
import type { CardPaymentHandle } from '../payments/card-payment';
import { CardPayment } from '../payments/CardPayment';
import { PaymentDialogCloseButton, PaymentDialogHeader } from '../payments/PaymentDialog';
import { PaymentDialogFooter } from '../payments/PaymentDialogFooter';
import { SIGNUP_FORMS } from './signup-forms';
import type { AttendeeValues, SignupValues } from './signup-values';
import { prefilledValues, type SignupPrefill } from './signup-prefill';

/** The same kind rules the server uses. */
function priceOf(kind: SignupKind, values: SignupValues, rules: EventSignupRules): number {
  return SIGNUP_KINDS[kind].priceCents({ attendees: (values.attendees as AttendeeValues[]) ?? [] }, rules);
}

/** Every attendee's when one is added or removed, since the numbers shift. */
function attendeeErrorsToClear(before: AttendeeValues[], after: AttendeeValues[], errors: Record<string, string>): string[] {
  if (before.length !== after.length) return ['amount', 'attendees', ...Object.keys(errors).filter((key) => key.startsWith('attendee-'))];
  return after.flatMap((a, i) => [
    ...(a.name !== before[i]?.name ? [`attendee-${i}-name`] : []),
    ...(a.allergies !== before[i]?.allergies ? [`attendee-${i}-allergies`] : []),
    ...(a.child !== before[i]?.child ? ['amount'] : []),
  ]);
}

export type SignupEvent = Pick<ApiEvent, 'eventNumber' | 'eventType' | 'name' | 'description' | 'location' | 'eventDate' | 'signup'>;

/** Typed before the form's script ran. */
function typedSignupValues(values: SignupValues, typed: TypedValue[]): SignupValues {
  let next = values;
  for (const { name, value } of typed) {
    const attendee = /^attendee-(\d+)-(name|allergies|child)$/.exec(name);
    if (attendee) {
      const i = Number(attendee[1]);
      const field = attendee[2] as keyof AttendeeValues;
      const list = ((next.attendees as AttendeeValues[] | undefined) ?? []).map((a, j) => (j === i ? { ...a, [field]: value } : a));
      next = { ...next, attendees: list };
    } else if (name in next && name !== 'amount' && name !== 'attendees') {
      next = { ...next, [name]: value };
    }
  }
  return next;
}

export default function SignupForm({
  dialogId,
  event,
  kind,
  partyOf,
  receiptEmail,
  prefill,
}: {
  dialogId: string;
  event: SignupEvent;
  kind: SignupKind;
  partyOf: number | undefined;
  receiptEmail: string | undefined;
  prefill: SignupPrefill | null;
}) {
  // One form per dialog, so its ids are fixed: hydration finds the very ids the server wrote.
  const id = dialogId;
  const form = useRef<HTMLFormElement>(null);
  const user = useSignedInProfile();
  const root = useRootData();
  const payments = root?.payments ?? { provider: 'simulated' as const };
  const [values, setValues] = useState<SignupValues>(() => {
    const empty = SIGNUP_FORMS[kind].initialValues(receiptEmail ?? prefill?.email ?? '', event.signup.playersPerTeam ?? 4);
    // Adding people to a party names others, not the supporter.
    return prefill && !partyOf ? prefilledValues(kind, empty, prefill) : empty;
  });
  // The account's email (known in the browser only) until another is typed.
  const [receiptTyped, setReceiptTyped] = useState(false);
  useTypedBeforeHydration(form, (typed) => {
    if (typed.some(({ name }) => name === 'receiptEmail')) setReceiptTyped(true);
    setValues((v) => typedSignupValues(v, typed));
  });
  const receiptEmailShown = receiptTyped || values.receiptEmail ? String(values.receiptEmail ?? '') : (user?.email ?? '');
  const [cardReady, setCardReady] = useState(false);
  const card = useRef<CardPaymentHandle>(null);
  const price = priceOf(kind, values, event.signup);
  const KindFields = SIGNUP_FORMS[kind].Fields;

  const flow = usePaymentFlow<Record<string, unknown>>({
    card,
    requestIntent: (form) =>
      apiRequest<{
        clientSecret: string;
        savedIntent: { holdExpiresAt: string | null };
      }>(`/stripe/${kind}_signup_intent`, { body: form }),
    save: async (form, clientSecret) => {
      await apiRequest(`/stripe/save_${kind}_signup`, {
        body: { ...form, token: clientSecret },
      });
    },
    receiptEmail: (form) => String(form.receiptEmail ?? ''),
    serverErrorText: (status, fields) => `Contact Admin (${status}) - ${fields.server ?? Object.values(fields)[0] ?? 'Unknown error'}`,
  });
  const done = flow.outcome !== 'none';
  useFocusFirstError(`${id}-form`, flow.errors);

  // Any other error goes in the box at the top.
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
    if (name === 'receiptEmail') setReceiptTyped(true);
    setValues((v) => ({ ...v, [name]: value }));
  };

  return (
    <form
      ref={form}
      id={`${id}-form`}
      noValidate
      aria-busy={flow.sendingRequest}
      onSubmit={(e) => {
        e.preventDefault();
        void flow.confirm({
          ...values,
          receiptEmail: receiptEmailShown,
          amount: centsToDecimalString(price),
          eventNumber: event.eventNumber,
          eventDescription: event.description,
          ...(partyOf ? { partyOf } : {}),
        });
      }}
    >
      <PaymentDialogHeader
        dialogId={dialogId}
        title={
          partyOf ? (
            <>
              Add people to <span className="whitespace-nowrap">your party</span>
            </>
          ) : (
            <>
              {event.eventType} <span className="whitespace-nowrap">sign-up</span>
            </>
          )
        }
      >
        {event.name} — {event.location}
      </PaymentDialogHeader>

      <fieldset disabled={done} className="mt-4 space-y-4">
        <GeneralErrors errors={flow.errors} fields={shownFields} />
        <KindFields kind={kind} rules={event.signup} idPrefix={id} values={values} errors={flow.errors} onChange={onChange} />
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <TextField
            id={`${id}-receiptEmail`}
            name="receiptEmail"
            label="Email for the receipt"
            type="email"
            autoComplete="email"
            maxLength={254}
            required
            value={receiptEmailShown}
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
        <p className="text-sm text-slate-700">{refundPolicyText(event)}</p>
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
        successText={partyOf ? 'Success! They are added to your party. We have emailed you the updated party with a new calendar file.' : 'Success! Thank you for signing up!'}
        unconfirmedText="Your payment went through. We are still recording your sign-up; a confirmation will arrive by email. Please do not pay again."
        cardReady={cardReady}
        dialogId={dialogId}
      />
      <PaymentDialogCloseButton dialogId={dialogId} label="Close the sign-up form" />
    </form>
  );
}
