import { formatCents } from '../../common/money';
import { STEAKFRY_MAX_ATTENDEES, STEAKFRY_MIN_ATTENDEES } from '../../common/signups/steakfry';
import { FieldError, TextField } from '../ui/FormFields';
import type { AttendeeValues, SignupFieldsProps, SignupValues } from './signup-values';

export const steakfryInitialValues = (receiptEmail: string): SignupValues => ({
  receiptEmail,
  attendees: [{ name: '', allergies: '', child: false }],
});

export function SteakfryPartyFields({ idPrefix, values, errors, onChange, rules, maxAttendees = STEAKFRY_MAX_ATTENDEES }: SignupFieldsProps) {
  const attendees = (values.attendees as AttendeeValues[] | undefined) ?? [];
  const update = (i: number, patch: Partial<AttendeeValues>) =>
    onChange(
      'attendees',
      attendees.map((a, j) => (j === i ? { ...a, ...patch } : a)),
    );
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
                  <input
                    type="checkbox"
                    name={`attendee-${i}-child`}
                    checked={attendee.child}
                    onChange={(e) => update(i, { child: e.target.checked })}
                    className="h-5 w-5 accent-brand-700"
                  />
                  Child (12 or younger)
                </label>
                <button
                  type="button"
                  onClick={() =>
                    onChange(
                      'attendees',
                      attendees.filter((_, j) => j !== i),
                    )
                  }
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
      {maxAttendees < STEAKFRY_MAX_ATTENDEES ? (
        <p className="text-sm text-slate-700">To bring more people, use Add people below.</p>
      ) : (
      <button
        type="button"
        onClick={() => onChange('attendees', [...attendees, { name: '', allergies: '', child: false }])}
        disabled={attendees.length >= maxAttendees}
        className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-50"
      >
        Add attendee
      </button>
      )}
      <p className="text-sm text-slate-600">
        Up to {STEAKFRY_MAX_ATTENDEES} people per sign-up: {formatCents(rules.priceCents)} per adult, {formatCents(rules.childPriceCents ?? rules.priceCents)} per child.
      </p>
    </div>
  );
}
