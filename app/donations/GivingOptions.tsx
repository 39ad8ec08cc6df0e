import type { ReactNode } from 'react';
import type { FieldErrors } from '../../common/api-errors';
import { COVER_FEES_PERCENT, DONOR_NAME_MAX, donationTotal, type TributeKind } from '../../common/donations';
import { formatCents } from '../../common/money';
import { TextField } from '../ui/FormFields';

/** ADR 027. */
export interface GivingValues {
  monthly: boolean;
  coverFees: boolean;
  name: string;
  anonymous: boolean;
  tribute: 'none' | TributeKind;
  tributeName: string;
  notify: boolean;
  notifyName: string;
  notifyEmail: string;
  notifyAmount: boolean;
}

export const NO_GIVING_OPTIONS: GivingValues = {
  monthly: false,
  coverFees: false,
  name: '',
  anonymous: false,
  tribute: 'none',
  tributeName: '',
  notify: false,
  notifyName: '',
  notifyEmail: '',
  notifyAmount: false,
};

/** These show their own error above them. */
export const GIVING_FIELDS = ['name', 'tributeName', 'notifyName', 'notifyEmail'] as const;

type Change = <K extends keyof GivingValues>(name: K, value: GivingValues[K]) => void;

function Checkbox({
  id,
  name,
  checked,
  onChange,
  children,
  hint,
}: {
  id: string;
  name: keyof GivingValues;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-slate-800">
          {children}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 ml-8 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** `name` and `value` say what the page holds before the form's script runs. */
function Radio({ className = '', children, ...input }: { id: string; name: string; value: string; checked: boolean; onChange: () => void; className?: string; children: ReactNode }) {
  return (
    <label className={`flex items-center gap-2 text-slate-800 ${className}`}>
      <input type="radio" className="h-5 w-5 accent-brand-700" {...input} />
      {children}
    </label>
  );
}

export function FrequencyOption({ idPrefix, monthly, onChange }: { idPrefix: string; monthly: boolean; onChange: Change }) {
  return (
    <fieldset className="rounded-md border border-slate-300 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">How often</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(
          [
            [false, 'once', 'Give once'],
            [true, 'monthly', 'Give monthly'],
          ] as const
        ).map(([value, name, label]) => (
          <Radio key={name} id={`${idPrefix}-frequency-${name}`} name="frequency" value={name} checked={monthly === value} onChange={() => onChange('monthly', value)} className="min-h-11">
            {label}
          </Radio>
        ))}
      </div>
      {monthly ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="monthly-note">
          We charge the same amount on this day each month and email a receipt each time. Change the amount or stop at any time from the link in every receipt or your dashboard.
        </p>
      ) : null}
    </fieldset>
  );
}

/** The server computes the same total. */
export function CoverFeesOption({
  idPrefix,
  giftCents,
  coverFees,
  monthly = false,
  onChange,
}: {
  idPrefix: string;
  giftCents: number | null;
  coverFees: boolean;
  monthly?: boolean;
  onChange: Change;
}) {
  const total = giftCents === null ? null : donationTotal(giftCents, coverFees);
  return (
    <div className="rounded-md bg-slate-50 px-3 py-3">
      <Checkbox id={`${idPrefix}-coverFees`} name="coverFees" checked={coverFees} onChange={(v) => onChange('coverFees', v)}>
        Add {COVER_FEES_PERCENT}% to cover card fees
      </Checkbox>
      <p className="mt-2 ml-8 text-sm text-slate-700" aria-live="polite" data-testid="donation-total">
        {total ? (
          <>
            {monthly ? 'Total each month: ' : 'Total to pay: '}
            <strong className="text-base text-slate-900">{formatCents(total.totalCents)}</strong>
            {total.feeCents > 0 ? ` (your ${formatCents(total.giftCents)} gift and ${formatCents(total.feeCents)} for card fees)` : null}
          </>
        ) : (
          'Enter an amount to see the total.'
        )}
      </p>
    </div>
  );
}

export function DonorOptions({ idPrefix, values, errors, onChange }: { idPrefix: string; values: GivingValues; errors: FieldErrors; onChange: Change }) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Your name (optional)"
        autoComplete="name"
        maxLength={DONOR_NAME_MAX}
        value={values.name}
        onValueChange={(v) => onChange('name', v)}
        error={errors.name}
      />
      <Checkbox
        id={`${idPrefix}-anonymous`}
        name="anonymous"
        checked={values.anonymous}
        onChange={(v) => onChange('anonymous', v)}
        hint="Your name is kept from any public list and from a tribute notification, which says “An anonymous donor”."
      >
        Give anonymously
      </Checkbox>
    </>
  );
}

const TRIBUTE_CHOICES = [
  ['none', 'No dedication'],
  ['memory', 'In memory of'],
  ['honor', 'In honor of'],
] as const;

export function TributeOptions({ idPrefix, values, errors, onChange }: { idPrefix: string; values: GivingValues; errors: FieldErrors; onChange: Change }) {
  const { tribute } = values;
  return (
    <fieldset className="rounded-md border border-slate-300 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Dedicate this gift (optional)</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {TRIBUTE_CHOICES.map(([value, label]) => (
          <Radio key={value} id={`${idPrefix}-tribute-${value}`} name="tribute" value={value} checked={tribute === value} onChange={() => onChange('tribute', value)}>
            {label}
          </Radio>
        ))}
      </div>
      {tribute !== 'none' ? (
        <div className="mt-3 space-y-3">
          <TextField
            id={`${idPrefix}-tributeName`}
            name="tributeName"
            label={tribute === 'memory' ? 'Name of the person remembered' : 'Name of the person honored'}
            maxLength={DONOR_NAME_MAX}
            value={values.tributeName}
            onValueChange={(v) => onChange('tributeName', v)}
            error={errors.tributeName}
          />
          <Checkbox id={`${idPrefix}-notify`} name="notify" checked={values.notify} onChange={(v) => onChange('notify', v)}>
            Let someone know of this gift by email
          </Checkbox>
          {values.notify ? (
            <div className="space-y-3 border-l-4 border-slate-200 pl-3">
              <TextField
                id={`${idPrefix}-notifyName`}
                name="notifyName"
                label="Their name"
                maxLength={DONOR_NAME_MAX}
                value={values.notifyName}
                onValueChange={(v) => onChange('notifyName', v)}
                error={errors.notifyName}
              />
              <TextField
                id={`${idPrefix}-notifyEmail`}
                name="notifyEmail"
                label="Their email"
                type="email"
                maxLength={254}
                value={values.notifyEmail}
                onValueChange={(v) => onChange('notifyEmail', v)}
                error={errors.notifyEmail}
              />
              <Checkbox
                id={`${idPrefix}-notifyAmount`}
                name="notifyAmount"
                checked={values.notifyAmount}
                onChange={(v) => onChange('notifyAmount', v)}
                hint="The email says who gave and in whose name once the gift is paid; it never says how much unless you tick this."
              >
                Include the amount
              </Checkbox>
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Typed before the form's script ran. */
export function givingValueOf(name: string, value: string | boolean): Partial<GivingValues> {
  switch (name) {
    case 'frequency':
      return { monthly: value === 'monthly' };
    case 'tribute':
      return TRIBUTE_CHOICES.some(([choice]) => choice === value) ? { tribute: value as GivingValues['tribute'] } : {};
    case 'coverFees':
    case 'anonymous':
    case 'notify':
    case 'notifyAmount':
      return typeof value === 'boolean' ? { [name]: value } : {};
    case 'name':
    case 'tributeName':
    case 'notifyName':
    case 'notifyEmail':
      return typeof value === 'string' ? { [name]: value } : {};
    default:
      return {};
  }
}
