import type { ReactNode } from 'react';
import { TextField } from '../ui/FormFields';
import { textOf, type SignupFieldsProps } from './signup-values';

export function playerFieldProps({ idPrefix, values, errors, onChange }: SignupFieldsProps, n: number, field: string, label: string) {
  const key = `player${n}${field}`;
  return {
    id: `${idPrefix}-${key}`,
    name: key,
    label,
    value: textOf(values, key),
    error: errors[key],
    onValueChange: (v: string) => onChange(key, v),
  };
}

export function PlayerFieldset({ n, children, ...props }: SignupFieldsProps & { n: number; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-300 p-4">
      <legend className="px-1 font-semibold text-slate-800">Player {n}</legend>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <TextField {...playerFieldProps(props, n, 'Name', 'Name')} autoComplete={n === 1 ? 'name' : 'off'} maxLength={100} required />
        <TextField
          {...playerFieldProps(props, n, 'Email', n === 1 ? 'Email' : 'Email (optional)')}
          type="email"
          autoComplete={n === 1 ? 'email' : 'off'}
          maxLength={254}
          required={n === 1}
        />
        {children}
      </div>
    </fieldset>
  );
}
