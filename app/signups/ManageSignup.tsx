import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { FieldErrors } from '../../common/api-errors';
import { formatCalendarDate } from '../../common/dates';
import { centsToDecimalString, formatCents, parseAmountToCents } from '../../common/money';
import { receiptNumber } from '../../common/receipts';
import { partyRefundCents, type MySignup } from '../../common/signup-policy';
import { SIGNUP_KINDS } from '../../common/signups/kinds';
import { ApiError, apiRequest } from '../lib/api';
import { useFocusFirstError } from '../lib/hooks/use-focus-first-error';
import { GeneralErrors, SuccessNotice, TextField } from '../ui/FormFields';
import { SIGNUP_FORMS } from './signup-forms';
import { SignupDialog } from './SignupDialog';
import { ModalOpener } from '../ui/Modal';
import type { AttendeeValues, SignupValues } from './signup-values';

const cents = (amount: string) => parseAmountToCents(amount) ?? 0;
const BUTTON = 'rounded-md px-5 py-3 text-base font-semibold disabled:cursor-wait disabled:opacity-70';

/** For the share a removed person gets back. */
const partyPrice = (signup: MySignup, values: SignupValues) => SIGNUP_KINDS[signup.kind].priceCents({ attendees: (values.attendees as AttendeeValues[]) ?? [] }, signup.event.signup);

function stateText(signup: MySignup): string {
  if (signup.cancelled) return signup.status === 'refunded' ? `Cancelled and refunded (${formatCents(cents(signup.refunded))}).` : cents(signup.refunded) > 0 ? `Cancelled; ${formatCents(cents(signup.refunded))} refunded.` : 'Cancelled; nothing was refunded.';
  if (signup.status === 'refunded') return `Refunded (${formatCents(cents(signup.refunded))}).`;
  if (signup.status === 'partially_refunded') return `Paid ${formatCents(cents(signup.amount))}; ${formatCents(cents(signup.refunded))} refunded.`;
  return `Paid ${formatCents(cents(signup.amount))}.`;
}

/** Details until the deadline, cancellation under the event's refund policy. */
export function ManageSignup({ initial }: { initial: MySignup }) {
  const [signup, setSignup] = useState(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  const done = (next: MySignup, message: string) => {
    setSignup(next);
    setNotice(message);
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="signup-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="signup-heading" className="text-xl font-bold text-brand-800">
          {signup.event.name}
        </h2>
        <p className="text-slate-700">
          {signup.event.eventType} · {formatCalendarDate(signup.event.eventDate, { weekday: true })} · {signup.event.location}
        </p>
        <p className="mt-2 font-semibold text-slate-900">
          Confirmation number {receiptNumber({ signupId: signup.id })}: {stateText(signup)}
        </p>
        <p className="mt-2 text-slate-700">{signup.terms.policy}</p>
        <div ref={noticeRef} tabIndex={-1} className="mt-4 outline-none empty:hidden">
          {notice ? <SuccessNotice>{notice}</SuccessNotice> : null}
        </div>
        <p className="mt-2">
          <Link className="font-semibold text-brand-700 underline" to={`/events/${signup.event.eventNumber}`}>
            Event details
          </Link>{' '}
          ·{' '}
          <Link className="font-semibold text-brand-700 underline" to="/dashboard">
            Back to my dashboard
          </Link>
        </p>
      </section>
      {signup.terms.mayChange ? (
        <ChangeForm key={`change-${signup.id}-${signup.refunded}-${JSON.stringify(signup.values)}`} signup={signup} onDone={done} />
      ) : !signup.cancelled && signup.status !== 'refunded' ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
          Changes to this sign-up closed on {formatCalendarDate(signup.terms.changeDeadline)}. Please call or email us if something has changed.
        </p>
      ) : null}
      {SIGNUP_KINDS[signup.kind].party && signup.terms.mayChange ? <AddPeople signup={signup} onAdded={(next) => setSignup(next)} /> : null}
      {signup.terms.mayCancel ? <CancelPanel signup={signup} onDone={done} /> : null}
    </div>
  );
}

function ChangeForm({ signup, onDone }: { signup: MySignup; onDone: (next: MySignup, message: string) => void }) {
  const id = useId();
  const [values, setValues] = useState<SignupValues>(signup.values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useFocusFirstError(`${id}-form`, errors);
  const { Fields } = SIGNUP_FORMS[signup.kind];
  const isParty = SIGNUP_KINDS[signup.kind].party;
  const paidCents = cents(signup.amount) - cents(signup.refunded);
  const originalPeople = isParty ? (signup.values.attendees as AttendeeValues[]).length : 0;
  const refundCents = isParty && signup.terms.refundIfCancelledCents > 0 ? partyRefundCents(paidCents, partyPrice(signup, signup.values), partyPrice(signup, values)) : 0;
  const shownFields = useMemo(() => {
    const keys = new Set([...Object.keys(values), 'amount']);
    ((values.attendees as AttendeeValues[] | undefined) ?? []).forEach((_, i) => keys.add(`attendee-${i}-name`).add(`attendee-${i}-allergies`));
    return [...keys];
  }, [values]);

  const onChange = (name: string, value: string | boolean | AttendeeValues[]) => {
    setErrors(({ [name]: _, amount: __, ...rest }) => rest);
    setValues((v) => ({ ...v, [name]: value }));
  };

  const submit = async () => {
    setBusy(true);
    setErrors({});
    try {
      const next = await apiRequest<MySignup>(`/user/signups/${signup.id}`, { method: 'PUT', body: { ...values, amount: centsToDecimalString(paidCents - refundCents) } });
      onDone(next, `Your changes are saved${refundCents > 0 ? `, and ${formatCents(refundCents)} is on its way back to your card` : ''}. We have emailed you the updated details with a new calendar file.`);
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : { server: 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-800">
        Change the details
      </h2>
      <p className="mt-1 text-slate-700">You can change these until {formatCalendarDate(signup.terms.changeDeadline)}.</p>
      <form
        id={`${id}-form`}
        noValidate
        aria-busy={busy}
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <GeneralErrors errors={errors} fields={shownFields} />
        <Fields kind={signup.kind} rules={signup.event.signup} idPrefix={id} values={values} errors={errors} onChange={onChange} maxAttendees={isParty ? originalPeople : undefined} />
        <TextField
          id={`${id}-receiptEmail`}
          name="receiptEmail"
          label="Email for the confirmation"
          type="email"
          autoComplete="email"
          maxLength={254}
          required
          value={String(values.receiptEmail)}
          error={errors.receiptEmail}
          onValueChange={(v) => onChange('receiptEmail', v)}
        />
        {isParty ? (
          <div className="rounded-md border border-slate-300 bg-slate-50 p-4 text-slate-800" aria-live="polite">
            <p>Paid for this party: {formatCents(paidCents)}</p>
            <p className="font-semibold">
              {refundCents > 0
                ? `Refund for the people removed: ${formatCents(refundCents)}`
                : signup.terms.refundIfCancelledCents > 0
                  ? 'Removing someone refunds their share.'
                  : 'The refund deadline has passed: removing someone gives their place to others but refunds nothing.'}
            </p>
            {errors.amount ? (
              <p role="alert" className="mt-1 text-sm font-semibold text-red-800">
                {errors.amount}
              </p>
            ) : null}
          </div>
        ) : null}
        <button type="submit" disabled={busy} className={`${BUTTON} w-full bg-brand-700 text-white hover:bg-brand-800 sm:w-auto`}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
      </form>
    </section>
  );
}

const ADD_PEOPLE_ID = 'add-people';

/** A sign-up of their own for the same event, paying only for them. */
function AddPeople({ signup, onAdded }: { signup: MySignup; onAdded: (next: MySignup) => void }) {
  const id = useId();
  // With the people added, once their payment is in.
  const refresh = () => void apiRequest<MySignup>(`/user/signups/${signup.id}`).then(onAdded, () => undefined);
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-brand-800">
        Bring more people
      </h2>
      <p className="mt-1 text-slate-700">
        Add them to this party: you pay only for them, at the event’s prices, and they join this sign-up, with an updated confirmation and calendar file.
      </p>
      <ModalOpener modalId={ADD_PEOPLE_ID} className={`${BUTTON} mt-4 border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`}>
        Add people…
      </ModalOpener>
      <SignupDialog id={ADD_PEOPLE_ID} event={signup.event} kind={signup.kind} onClosed={refresh} partyOf={signup.id} receiptEmail={String(signup.values.receiptEmail ?? '')} />
    </section>
  );
}

function CancelPanel({ signup, onDone }: { signup: MySignup; onDone: (next: MySignup, message: string) => void }) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  const refund = signup.terms.refundIfCancelledCents;
  const outcome = refund > 0 ? `If you cancel now, we refund ${formatCents(refund)} to the card you paid with.` : 'If you cancel now, nothing is refunded; your places go to someone else.';

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await apiRequest<MySignup>(`/user/signups/${signup.id}/cancel`, { method: 'POST', body: {} });
      onDone(next, refund > 0 ? `Your sign-up is cancelled and ${formatCents(refund)} is on its way back to your card. We have emailed you.` : 'Your sign-up is cancelled. We have emailed you.');
    } catch (e) {
      setError(e instanceof ApiError ? Object.values(e.fields).join(' ') : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-red-900">
        Cancel this sign-up
      </h2>
      <p className="mt-1 text-slate-700">{outcome}</p>
      {asking ? (
        <div ref={confirmRef} tabIndex={-1} role="group" aria-labelledby={`${id}-confirm`} className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 outline-none focus:ring-2 focus:ring-red-600">
          <p id={`${id}-confirm`} className="font-semibold text-red-900">
            Cancel your sign-up for {signup.event.name}? This cannot be undone.
          </p>
          {error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <button type="button" disabled={busy} onClick={() => void cancel()} className={`${BUTTON} bg-red-700 text-white hover:bg-red-800`}>
              {busy ? 'Cancelling…' : 'Yes, cancel my sign-up'}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setAsking(false);
                requestAnimationFrame(() => openRef.current?.focus());
              }}
              className={`${BUTTON} border border-slate-400 bg-white text-slate-800 hover:bg-slate-100`}
            >
              Keep my sign-up
            </button>
          </div>
        </div>
      ) : (
        <button ref={openRef} type="button" onClick={() => setAsking(true)} className={`${BUTTON} mt-4 border border-red-700 bg-white text-red-800 hover:bg-red-50`}>
          Cancel sign-up…
        </button>
      )}
    </section>
  );
}
