import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldError } from './forms';

const CONTROL =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700 disabled:bg-slate-100';

function described(id: string, error?: string, hint?: ReactNode) {
  return [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
      {hint}
    </p>
  ) : null;
}

interface Labelled {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** A labelled multi-line text box; posts without JavaScript like Field. */
export function TextArea({ name, label, error, hint, id, className = '', ...rest }: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>) {
  const inputId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <FieldError id={`${inputId}-error`} message={error} />
      <textarea id={inputId} name={name} rows={4} aria-invalid={error ? true : undefined} aria-describedby={described(inputId, error, hint)} className={CONTROL} {...rest} />
      <Hint id={inputId} hint={hint} />
    </div>
  );
}

/** A labelled choice from a list. */
export function Select({
  name,
  label,
  error,
  hint,
  id,
  className = '',
  options,
  ...rest
}: Labelled & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & { options: { value: string; label: string }[] }) {
  const inputId = id ?? `field-${name}`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <FieldError id={`${inputId}-error`} message={error} />
      <select id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={described(inputId, error, hint)} className={`${CONTROL} min-h-11`} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Hint id={inputId} hint={hint} />
    </div>
  );
}

/** A checkbox with its label beside it, 44 px tall for fingers. */
export function Checkbox({ name, label, hint, defaultChecked, id, disabled }: { name: string; label: string; hint?: ReactNode; defaultChecked?: boolean; id?: string; disabled?: boolean }) {
  const inputId = id ?? `field-${name}`;
  return (
    <div>
      <label htmlFor={inputId} className="flex min-h-11 items-center gap-3 text-base font-semibold text-slate-800">
        <input
          id={inputId}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          disabled={disabled}
          aria-describedby={hint ? `${inputId}-hint` : undefined}
          className="h-5 w-5 rounded border-slate-500 text-brand-700 focus:ring-brand-700"
        />
        {label}
      </label>
      <Hint id={inputId} hint={hint} />
    </div>
  );
}

/** A titled group of fields. */
export function FormSection({ title, children, lead }: { title: string; children: ReactNode; lead?: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-300 bg-white p-4">
      <legend className="px-1 text-lg font-bold text-brand-900">{title}</legend>
      {lead ? <p className="mb-3 text-sm text-slate-700">{lead}</p> : null}
      <div className="grid gap-4">{children}</div>
    </fieldset>
  );
}
