import { useId, useMemo, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { useRootData } from '../lib/root-data';
import type { ApiEvent, EventSignupRules } from '../../common/events';
import { centsToDecimalString, formatCents } from '../../common/money';
import { SIGNUP_KINDS, type SignupKind } from '../../common/signups/kinds';
import { steakfry } from '../../common/signups/steakfry';
import { refundPolicyText } from '../../common/signup-policy';
import { apiRequest } from '../lib/api';
import { useAuth } from '../lib/auth';
import { usePaymentFlow } from '../payments/payment-flow';
import { useFocusFirstError } from '../lib/hooks/use-focus-first-error';
import { GeneralErrors, TextField } from '../ui/FormFields';
import type { CardPaymentHandle } from '../payments/card-payment';
import { CardPayment } from '../payments/CardPayment';
import { PaymentDialog, PaymentDialogHeader } from '../payments/PaymentDialog';
import { PaymentDialogFooter } from '../payments/PaymentDialogFooter';
import { SIGNUP_FORMS } from './signup-forms';
import type { AttendeeValues, SignupValues } from './signup-values';

/** The price the server will ask, from the same kind rules it uses (only a party's list changes it). */
function priceOf(kind: SignupKind, values: SignupValues, rules: EventSignupRules): number {
  return kind === 'steakfry' ? steakfry.priceCents({ attendees: (values.attendees as AttendeeValues[]) ?? [] }, rules) : rules.priceCents;
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

/** What the form needs of the event: the event page gives the whole event, a supporter's sign-up page its own copy. */
type SignupEvent = Pick<ApiEvent, 'eventNumber' | 'eventType' | 'name' | 'description' | 'location' | 'eventDate' | 'signup'>;

/** Spec §4 Event signup modal: the form of the event's type, the card, Confirm and Not now/Close. */
export function SignupDialog({
  event,
  kind,
  open,
  onOpenChange,
  partyOf,
  receiptEmail,
}: {
  event: SignupEvent;
  kind: SignupKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Adds the people to the supporter's paid party with this confirmation number (steak fry, ADR 024). */
  partyOf?: number;
  /** Where the receipt goes unless changed (the party's own address when adding to it). */
  receiptEmail?: string;
}) {
  const revalidator = useRevalidator();
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) void revalidator.revalidate(); // refreshes the events (places left)
  };
  return (
    <PaymentDialog open={open} onOpenChange={change} wide>
      {(close) => <SignupForm event={event} kind={kind} onClose={close} partyOf={partyOf} receiptEmail={receiptEmail} />}
    </PaymentDialog>
  );
}

function SignupForm({
  event,
  kind,
  onClose,
  partyOf,
  receiptEmail,
}: {
  event: SignupEvent;
  kind: SignupKind;
  onClose: () => void;
  partyOf: number | undefined;
  receiptEmail: string | undefined;
}) {
  const id = useId();
  const { user } = useAuth();
  const root = useRootData();
  const payments = root?.payments ?? { provider: 'simulated' as const };
  const [values, setValues] = useState<SignupValues>(() => SIGNUP_FORMS[kind].initialValues(receiptEmail ?? user?.email ?? '', event.signup.playersPerTeam ?? 4));
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
        void flow.confirm({
          ...values,
          amount: centsToDecimalString(price),
          eventNumber: event.eventNumber,
          eventDescription: event.description,
          ...(partyOf ? { partyOf } : {}),
        });
      }}
    >
      <PaymentDialogHeader
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
        closeLabel="Close the sign-up form"
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
        onClose={onClose}
      />
    </form>
  );
}
