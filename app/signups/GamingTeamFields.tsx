import { FieldError, TextField } from '../ui/FormFields';
import { PlayerFieldset, playerFieldProps } from './PlayerFieldset';
import { emptyPlayers, textOf, type SignupFieldsProps, type SignupValues } from './signup-values';

const TERMS_PDF = '/media/documents/gaming-tournament-terms.pdf';

export const gamingInitialValues = (receiptEmail: string, playersPerTeam: number): SignupValues => ({
  receiptEmail,
  teamName: '',
  teamContactNumber: '',
  teamAgrees: false,
  ...emptyPlayers(playersPerTeam, ['ActivisionId', 'Location']),
});

export function GamingTeamFields(props: SignupFieldsProps) {
  const { idPrefix, values, errors, onChange } = props;
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <TextField
          id={`${idPrefix}-teamName`}
          name="teamName"
          label="Team name"
          maxLength={60}
          required
          value={textOf(values, 'teamName')}
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
          value={textOf(values, 'teamContactNumber')}
          error={errors.teamContactNumber}
          onValueChange={(v) => onChange('teamContactNumber', v)}
        />
      </div>
      {Array.from({ length: props.rules.playersPerTeam ?? 4 }, (_, i) => (
        <PlayerFieldset key={i} n={i + 1} {...props}>
          <TextField {...playerFieldProps(props, i + 1, 'ActivisionId', 'Activision ID')} autoComplete="off" maxLength={60} required />
          <TextField {...playerFieldProps(props, i + 1, 'Location', 'Location')} autoComplete="off" maxLength={100} required placeholder="City, State" />
        </PlayerFieldset>
      ))}
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
        <a href={TERMS_PDF} download className="mt-1 ml-8 inline-block text-sm font-semibold text-brand-700 underline">
          Download the terms (PDF)
        </a>
      </div>
    </div>
  );
}
