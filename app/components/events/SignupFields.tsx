import { PLAYERS_PER_TEAM, SHIRT_SIZES } from '../../../common/signups/golf';
import type { SignupKind } from '../../../common/signups/kinds';
import { STEAKFRY_MAX_ATTENDEES, STEAKFRY_MIN_ATTENDEES } from '../../../common/signups/steakfry';
import type { FieldErrors } from '../../../common/api-errors';
import { FieldError, TextField } from '../forms/FormParts';

export interface AttendeeValues {
  name: string;
  allergies: string;
  child: boolean;
}

/** The sign-up form's values, flat like the spec's payloads (player1Name…, attendees[]). */
export type SignupValues = Record<string, string | boolean | AttendeeValues[]> & { receiptEmail: string };

export function initialSignupValues(kind: SignupKind, receiptEmail: string): SignupValues {
  const values: SignupValues = { receiptEmail };
  if (kind === 'steakfry') {
    values.attendees = [{ name: '', allergies: '', child: false }];
    return values;
  }
  for (let n = 1; n <= PLAYERS_PER_TEAM; n++) {
    values[`player${n}Name`] = '';
    values[`player${n}Email`] = '';
    if (kind === 'golf') values[`player${n}ShirtSize`] = '';
    else {
      values[`player${n}ActivisionId`] = '';
      values[`player${n}Location`] = '';
    }
  }
  if (kind === 'gaming') {
    values.teamName = '';
    values.teamContactNumber = '';
    values.teamAgrees = false;
  }
  return values;
}

interface FieldsProps {
  idPrefix: string;
  values: SignupValues;
  errors: FieldErrors;
  onChange: (name: string, value: string | boolean | AttendeeValues[]) => void;
}

const text = (values: SignupValues, name: string) => String(values[name] ?? '');

function PlayerFieldset({ n, kind, idPrefix, values, errors, onChange }: FieldsProps & { n: number; kind: 'golf' | 'gaming' }) {
  const key = (field: string) => `player${n}${field}`;
  const props = (field: string, label: string) => ({
    id: `${idPrefix}-${key(field)}`,
    name: key(field),
    label,
    value: text(values, key(field)),
    error: errors[key(field)],
    onValueChange: (v: string) => onChange(key(field), v),
  });
  return (
    <fieldset className="rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-slate-800">Player {n}</legend>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <TextField {...props('Name', 'Name')} autoComplete={n === 1 ? 'name' : 'off'} maxLength={100} required />
        <TextField {...props('Email', n === 1 ? 'Email' : 'Email (optional)')} type="email" autoComplete={n === 1 ? 'email' : 'off'} maxLength={254} required={n === 1} />
        {kind === 'golf' ? (
          <div>
            <label htmlFor={`${idPrefix}-${key('ShirtSize')}`} className="mb-1 block text-sm font-semibold text-slate-800">
              Shirt size
            </label>
            <FieldError id={`${idPrefix}-${key('ShirtSize')}-error`} message={errors[key('ShirtSize')]} />
            <select
              id={`${idPrefix}-${key('ShirtSize')}`}
              name={key('ShirtSize')}
              value={text(values, key('ShirtSize'))}
              onChange={(e) => onChange(key('ShirtSize'), e.target.value)}
              aria-invalid={errors[key('ShirtSize')] ? true : undefined}
              aria-describedby={errors[key('ShirtSize')] ? `${idPrefix}-${key('ShirtSize')}-error` : undefined}
              className="block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base disabled:bg-slate-100 disabled:text-slate-600"
            >
              <option value="">Choose a size</option>
              {SHIRT_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <>
            <TextField {...props('ActivisionId', 'Activision ID')} autoComplete="off" maxLength={60} required />
            <TextField {...props('Location', 'Location')} autoComplete="off" maxLength={100} required placeholder="City, State" />
          </>
        )}
      </div>
    </fieldset>
  );
}

export function TeamFields({ kind, ...props }: FieldsProps & { kind: 'golf' | 'gaming'; termsHref: string | null }) {
  const { idPrefix, values, errors, onChange, termsHref } = props;
  return (
    <div className="space-y-4">
      {kind === 'gaming' ? (
        <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
          <TextField
            id={`${idPrefix}-teamName`}
            name="teamName"
            label="Team name"
            maxLength={60}
            required
            value={text(values, 'teamName')}
            error={errors.teamName}
            onValueChange={(v) => onChange('teamName', v)}
          />
          <TextField
            id={`${idPrefix}-teamContactNumber`}
            name="teamContactNumber"
            label="Team contact number"
            type="tel"
            autoComplete="tel"
            maxLength={30}
            required
            placeholder="e.g. (304) 555-0199"
            value={text(values, 'teamContactNumber')}
            error={errors.teamContactNumber}
            onValueChange={(v) => onChange('teamContactNumber', v)}
          />
        </div>
      ) : null}
      {Array.from({ length: PLAYERS_PER_TEAM }, (_, i) => (
        <PlayerFieldset key={i} n={i + 1} kind={kind} {...props} />
      ))}
      {kind === 'gaming' ? (
        <div>
          <FieldError id={`${idPrefix}-teamAgrees-error`} message={errors.teamAgrees} />
          <div className="flex items-start gap-3">
            <input
              id={`${idPrefix}-teamAgrees`}
              name="teamAgrees"
              type="checkbox"
              checked={values.teamAgrees === true}
              onChange={(e) => onChange('teamAgrees', e.target.checked)}
              aria-invalid={errors.teamAgrees ? true : undefined}
              aria-describedby={errors.teamAgrees ? `${idPrefix}-teamAgrees-error` : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
            />
            <label htmlFor={`${idPrefix}-teamAgrees`} className="text-slate-800">
              Our team agrees to the tournament terms and rules.
            </label>
          </div>
          {termsHref ? (
            <a href={termsHref} download className="mt-1 ml-8 inline-block text-sm font-semibold text-brand-700 underline">
              Download the terms (PDF)
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function AttendeeFields({ idPrefix, values, errors, onChange }: FieldsProps) {
  const attendees = (values.attendees as AttendeeValues[] | undefined) ?? [];
  const update = (i: number, patch: Partial<AttendeeValues>) => onChange('attendees', attendees.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <div className="space-y-3">
      <FieldError id={`${idPrefix}-attendees-error`} message={errors.attendees} />
      <ol className="space-y-3">
        {attendees.map((attendee, i) => (
          <li key={i}>
            <fieldset className="rounded-lg border border-slate-300 p-4">
              <legend className="px-1 font-semibold text-slate-800">Attendee {i + 1}</legend>
              <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
                <TextField
                  id={`${idPrefix}-attendee-${i}-name`}
                  name={`attendee-${i}-name`}
                  label="Name"
                  maxLength={100}
                  required
                  value={attendee.name}
                  error={errors[`attendee-${i}-name`]}
                  onValueChange={(v) => update(i, { name: v })}
                />
                <TextField
                  id={`${idPrefix}-attendee-${i}-allergies`}
                  name={`attendee-${i}-allergies`}
                  label="Allergies (optional)"
                  maxLength={200}
                  value={attendee.allergies}
                  error={errors[`attendee-${i}-allergies`]}
                  onValueChange={(v) => update(i, { allergies: v })}
                />
              </div>
              <div className="mt-3 flex items-center justify-between gap-3">
                <label className="flex items-center gap-2 text-slate-800">
                  <input type="checkbox" checked={attendee.child} onChange={(e) => update(i, { child: e.target.checked })} className="h-5 w-5 accent-brand-700" />
                  Child (12 or younger)
                </label>
                <button
                  type="button"
                  onClick={() => onChange('attendees', attendees.filter((_, j) => j !== i))}
                  disabled={attendees.length <= STEAKFRY_MIN_ATTENDEES}
                  aria-label={`Remove attendee ${i + 1}`}
                  className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  Remove
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => onChange('attendees', [...attendees, { name: '', allergies: '', child: false }])}
        disabled={attendees.length >= STEAKFRY_MAX_ATTENDEES}
        className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Add attendee
      </button>
      <p className="text-sm text-slate-600">Up to {STEAKFRY_MAX_ATTENDEES} people per sign-up: $25.00 per adult, $15.00 per child.</p>
    </div>
  );
}
