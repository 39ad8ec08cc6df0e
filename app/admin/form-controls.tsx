import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { CONTROL_CLASS, FieldError } from '../ui/FormFields';

/** Text areas grow with their text (where the browser can), so a long paragraph is read without scrolling inside it. */
export const TEXTAREA_CLASS = `${CONTROL_CLASS} min-h-28 field-sizing-content`;

/**
 * A drop-down list in the look of the text boxes: the browser's own arrow is replaced by one that
 * sits inside the padding, the same on every system.
 */
export function SelectBox({ className = '', children, ...rest }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className="relative">
      <select className={`${CONTROL_CLASS} cursor-pointer appearance-none truncate pr-10 ${className}`} {...rest}>
        {children}
      </select>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-600">
        <path fillRule="evenodd" d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" clipRule="evenodd" />
      </svg>
    </div>
  );
}

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
      <textarea id={inputId} name={name} rows={4} aria-invalid={error ? true : undefined} aria-describedby={described(inputId, error, hint)} className={TEXTAREA_CLASS} {...rest} />
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
      <SelectBox id={inputId} name={name} aria-invalid={error ? true : undefined} aria-describedby={described(inputId, error, hint)} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectBox>
      <Hint id={inputId} hint={hint} />
    </div>
  );
}

/** A checkbox with its label beside it, 44 px tall for fingers. */
export function Checkbox({ name, label, hint, defaultChecked, id, disabled }: { name: string; label: string; hint?: ReactNode; defaultChecked?: boolean; id?: string; disabled?: boolean }) {
  const inputId = id ?? `field-${name}`;
  return (
    <div>
      <label htmlFor={inputId} className="flex min-h-11 cursor-pointer items-center gap-3 py-1 text-base font-semibold text-slate-800">
        <input
          id={inputId}
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          disabled={disabled}
          aria-describedby={hint ? `${inputId}-hint` : undefined}
          className="h-5 w-5 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
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
    // The legend (a heading too, for moving through the form by headings) floats so it sits inside
    // the card: on the border, a title that wraps onto two lines on a phone would be cut by the line.
    <fieldset className="min-w-0 rounded-lg border border-slate-300 bg-white p-4 sm:p-5">
      <legend className="float-left mb-3 w-full">
        <h2 className="text-lg font-bold text-brand-900">{title}</h2>
      </legend>
      {lead ? <p className="clear-left mb-4 text-sm text-slate-700">{lead}</p> : null}
      <div className="clear-left grid gap-4">{children}</div>
    </fieldset>
  );
}
