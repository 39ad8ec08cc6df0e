import { useId, useState } from 'react';
import type { FieldErrors } from '../../common/api-errors';
import type { GivingPlanView } from '../../common/donations';
import { formatCalendarDate } from '../../common/dates';
import { formatCents, parseAmountToCents } from '../../common/money';
import { ApiError } from '../lib/api';
import { GeneralErrors, TextField } from '../ui/FormFields';
import { CoverFeesOption } from './GivingOptions';

/** ADR 027. Used signed in (dashboard) and signed out (the signed link's page); the caller says how to send. */
export function MonthlyGiftEditor({
  plan,
  change,
  stop,
  framed = true,
}: {
  plan: GivingPlanView;
  /** The link's page already sets it in one. */
  framed?: boolean;
  change: (body: { amount: string; coverFees: boolean }) => Promise<GivingPlanView>;
  stop: () => Promise<GivingPlanView>;
}) {
  const id = useId();
  const [current, setCurrent] = useState(plan);
  const [amount, setAmount] = useState(plan.amount);
  const [coverFees, setCoverFees] = useState(plan.coverFees);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');

  async function send(action: () => Promise<GivingPlanView>, done: (plan: GivingPlanView) => string) {
    setBusy(true);
    setErrors({});
    try {
      const updated = await action();
      setCurrent(updated);
      setAmount(updated.amount);
      setNotice(done(updated));
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : { server: 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const heading = `${formatCents(parseAmountToCents(current.total) ?? 0)} a month`;
  return (
    <section aria-labelledby={`${id}-title`} className={framed ? 'rounded-lg border border-slate-200 p-4' : ''} data-testid="monthly-gift">
      <h3 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        {heading}
      </h3>
      <p className="mt-1 text-slate-700" data-testid="monthly-gift-status">
        {current.status === 'active' && current.nextChargeOn
          ? `Next gift on ${formatCalendarDate(current.nextChargeOn)}.`
          : 'Stopped: no more monthly gifts will be charged.'}
      </p>
      <p role="status" className="mt-2 text-sm font-semibold text-green-800">
        {notice}
      </p>
      <GeneralErrors errors={errors} fields={['amount']} />
      {current.status === 'active' ? (
        <form
          className="mt-3 space-y-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send(() => change({ amount: amount.trim(), coverFees }), (p) => `Saved: from your next gift you give ${formatCents(parseAmountToCents(p.total) ?? 0)} a month.`);
          }}
        >
          <TextField id={`${id}-amount`} name="amount" label="Monthly amount" inputMode="decimal" maxLength={20} value={amount} onValueChange={setAmount} error={errors.amount} />
          <CoverFeesOption idPrefix={id} giftCents={parseAmountToCents(amount)} coverFees={coverFees} monthly onChange={(_name, value) => setCoverFees(Boolean(value))} />
          <div className="flex flex-wrap gap-3">
            <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
              Save new amount
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void send(stop, () => 'Your monthly gift is stopped. Thank you for giving.')}
              className="min-h-11 rounded-md border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
            >
              Stop monthly gift
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
