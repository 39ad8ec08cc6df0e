import { useEffect, useRef } from 'react';
import type { PaymentDetail, StaffRefundReason } from '../../common/back-office';
import { centsToDecimalString, formatCents } from '../../common/money';
import { Button, StaffForm } from './forms';
import { FieldError, TextField } from '../ui/FormFields';

/** What the review step read from the form; `amountCents` null is the explicit "everything left". */
export interface RefundReview {
  amountCents: number | null;
  reason: StaffRefundReason;
  note: string;
  requestKey: string;
}

export type RefundEcho = { amount: string; reason: string; note: string; requestKey: string } | null;

const REASON_OPTIONS: Record<StaffRefundReason, string> = {
  requested_by_customer: 'At the payer’s request',
  staff: 'Foundation’s decision (e.g. event cancelled)',
};

/** What the payer's email gives as the reason, so staff see what they are about to say. */
const REASON_SAID: Record<StaffRefundReason, string> = {
  requested_by_customer: 'they asked for it',
  staff: 'the foundation decided it',
};

/** "Casey Rivers (casey@example.org)", or the email alone. */
export function payerOf(p: PaymentDetail): string {
  const email = p.donation?.email ?? p.signup?.receiptEmail ?? p.account?.email ?? '';
  const name = (p.donation?.donorName || p.account?.name || '').trim();
  return name && email ? `${name} (${email})` : name || email || 'the payer';
}

const PANEL = 'min-w-0 rounded-lg border border-slate-300 bg-white p-5';

/**
 * Two steps, both plain forms (no JavaScript needed): the first only reviews, the second refunds.
 * A refund cannot be undone, so the money, the payer and the reason are stated before it happens.
 */
export function RefundPanel({
  payment: p,
  requestKey,
  review,
  echo,
  errors,
}: {
  payment: PaymentDetail;
  requestKey: string;
  review: RefundReview | null;
  echo: RefundEcho;
  errors: Record<string, string> | undefined;
}) {
  const amountCents = review ? (review.amountCents ?? p.refundableCents) : null;
  // Another refund may have landed since the form was filled: then ask again.
  const tooMuch = amountCents !== null && amountCents > p.refundableCents;
  if (review && amountCents !== null && !tooMuch) return <ConfirmRefund payment={p} review={review} amountCents={amountCents} />;
  const shownErrors = tooMuch ? { ...errors, amount: `Enter an amount from $0.01 to ${formatCents(p.refundableCents)}.` } : errors;
  const left = formatCents(p.refundableCents);
  return (
    <section aria-labelledby="refund-heading" className={PANEL}>
      <h2 id="refund-heading" className="text-lg font-bold">
        Refund
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Up to {left} can go back to the card. You will see what is refunded, and to whom, before it happens. The payer gets an email.
        {p.signup ? ' A full refund frees the places for others.' : ''}
      </p>
      <StaffForm className="mt-4 space-y-4" noValidate aria-label="Refund">
        <input type="hidden" name="intent" value="review" />
        <input type="hidden" name="requestKey" value={review?.requestKey ?? echo?.requestKey ?? requestKey} />
        <TextField
          name="amount"
          label="Amount to refund ($)"
          inputMode="decimal"
          defaultValue={echo?.amount}
          error={shownErrors?.amount}
          hint={`Up to ${left}. Or use “Refund everything left” below.`}
        />
        <div>
          <label htmlFor="refund-reason" className="mb-1 block text-sm font-semibold text-slate-800">
            Reason
          </label>
          <FieldError id="refund-reason-error" message={shownErrors?.reason} />
          <select
            id="refund-reason"
            name="reason"
            required
            defaultValue={echo?.reason ?? ''}
            aria-invalid={shownErrors?.reason ? true : undefined}
            aria-describedby={shownErrors?.reason ? 'refund-reason-error' : undefined}
            className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-2"
          >
            <option value="">Choose a reason</option>
            {Object.entries(REASON_OPTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <TextField name="note" label="Note for the record (not sent to the payer)" maxLength={500} defaultValue={echo?.note} error={shownErrors?.note} />
        <div className="flex flex-wrap gap-3">
          <Button>Review the refund</Button>
          <Button variant="secondary" name="everything" value="yes">
            Refund everything left ({left})…
          </Button>
        </div>
      </StaffForm>
    </section>
  );
}

function ConfirmRefund({ payment: p, review, amountCents }: { payment: PaymentDetail; review: RefundReview; amountCents: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The review button is gone: put focus, and the screen reader, on the question.
  useEffect(() => heading.current?.focus(), []);
  const amount = formatCents(amountCents);
  const all = amountCents === p.refundableCents;
  return (
    <section aria-labelledby="refund-confirm-heading" className="min-w-0 rounded-lg border-2 border-red-700 bg-white p-5">
      {/* A long email address wraps instead of widening a phone's page. */}
      <h2 id="refund-confirm-heading" ref={heading} tabIndex={-1} className="text-lg font-bold [overflow-wrap:anywhere] focus:outline-none">
        Refund {amount} of {formatCents(p.amountCents)} to {payerOf(p)}?
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>It goes back to the card they paid with. A refund cannot be undone.</li>
        {p.refundedCents > 0 ? <li>{formatCents(p.refundedCents)} was refunded before.</li> : null}
        <li>{all ? 'Nothing will be left to refund' : `${formatCents(p.refundableCents - amountCents)} stays paid`}.</li>
        <li>
          Reason: {REASON_OPTIONS[review.reason]}. Their email says {REASON_SAID[review.reason]}.
        </li>
        {p.signup && all ? <li>The places are freed for others.</li> : null}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <StaffForm aria-label={`Confirm the refund of ${amount}`}>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="amount" value={centsToDecimalString(amountCents)} />
          <input type="hidden" name="reason" value={review.reason} />
          <input type="hidden" name="note" value={review.note} />
          <input type="hidden" name="requestKey" value={review.requestKey} />
          <Button variant="danger">Yes, refund {amount}</Button>
        </StaffForm>
        <StaffForm aria-label="Change the refund">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="amount" value={review.amountCents === null ? '' : centsToDecimalString(review.amountCents)} />
          <input type="hidden" name="reason" value={review.reason} />
          <input type="hidden" name="note" value={review.note} />
          <input type="hidden" name="requestKey" value={review.requestKey} />
          <Button variant="secondary">No, go back</Button>
        </StaffForm>
      </div>
    </section>
  );
}
