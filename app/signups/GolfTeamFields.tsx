import { SHIRT_SIZES } from '../../common/signups/golf';
import { FieldError } from '../ui/FormFields';
import { PlayerFieldset } from './PlayerFieldset';
import { emptyPlayers, textOf, type SignupFieldsProps, type SignupValues } from './signup-values';

export const golfInitialValues = (receiptEmail: string, playersPerTeam: number): SignupValues => ({
  receiptEmail,
  ...emptyPlayers(playersPerTeam, ['ShirtSize']),
});

export function GolfTeamFields(props: SignupFieldsProps) {
  const { idPrefix, values, errors, onChange, rules } = props;
  return (
    <div className="space-y-4">
      {Array.from({ length: rules.playersPerTeam ?? 4 }, (_, i) => {
        const n = i + 1;
        const key = `player${n}ShirtSize`;
        const id = `${idPrefix}-${key}`;
        return (
          <PlayerFieldset key={n} n={n} {...props}>
            <div>
              <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
                Shirt size
              </label>
              <FieldError id={`${id}-error`} message={errors[key]} />
              <select
                id={id}
                name={key}
                value={textOf(values, key)}
                onChange={(e) => onChange(key, e.target.value)}
                aria-invalid={errors[key] ? true : undefined}
                aria-describedby={errors[key] ? `${id}-error` : undefined}
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
          </PlayerFieldset>
        );
      })}
    </div>
  );
}
