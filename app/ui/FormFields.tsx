import type { FieldErrors } from '../../common/api-errors';
import type { InputHTMLAttributes, ReactNode } from 'react';

/** Spec §5: above the input, in an alert box. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mb-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** 44 px tall for fingers. */
export const CONTROL_CLASS =
  'block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-700 focus:ring-2 focus:ring-brand-700/40 focus:outline-none disabled:bg-slate-100 disabled:text-slate-600 read-only:bg-slate-100 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  name: string;
  label: ReactNode;
  /** Controlled fields pass `value` too; a field that posts as it is passes neither. */
  onValueChange?: (value: string) => void;
  error?: string;
  hint?: ReactNode;
}

/** Spec §5. Posts with a plain form as it is, or React keeps its value. */
export function TextField({ name, label, onValueChange, onChange, error, hint, id, className = '', ...input }: TextFieldProps) {
  const inputId = id ?? `field-${name}`;
  const errorId = `${inputId}-error`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <FieldError id={errorId} message={error} />
      <input
        id={inputId}
        name={name}
        onChange={
          onChange || onValueChange
            ? (event) => {
                onChange?.(event);
                onValueChange?.(event.target.value);
              }
            : undefined
        }
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ') || undefined}
        className={CONTROL_CLASS}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** One alert box at the top of the form. */
export function GeneralErrors({ errors, fields }: { errors: FieldErrors; fields: readonly string[] }) {
  const general = Object.entries(errors).filter(([key]) => !fields.includes(key));
  if (general.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {general.map(([key, message]) => (
        <p key={key}>{message}</p>
      ))}
    </div>
  );
}

/** Spec §8. */
export function FixErrorsNotice({ errors }: { errors: FieldErrors }) {
  return (
    <p role="alert" className="text-sm font-semibold text-red-800 empty:hidden">
      {Object.keys(errors).length > 0 ? 'Please fix the error(s) above.' : ''}
    </p>
  );
}

/** Spec §8. */
export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm font-semibold text-green-800">
      {children}
    </p>
  );
}

/** E.g. a refunded late payment. */
export function NoticeBox({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-900">
      {children}
    </p>
  );
}

/** The account forms work with or without the page's script (ADR 043). */
export function SubmitButton({ busy, children, busyText }: { busy: boolean; children: ReactNode; busyText: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="w-full rounded-md bg-brand-700 px-5 py-3 text-base font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? busyText : children}
    </button>
  );
}

/** Pages that still call the API from the browser say so when scripts are off. */
export function NeedsJavaScript() {
  return (
    <noscript>
      <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        This page needs JavaScript turned on in your browser.
      </p>
    </noscript>
  );
}

export function FormCard({ children }: { children: ReactNode }) {
  return <div className="mx-auto my-10 w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>;
}
