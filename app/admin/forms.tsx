import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useRouteLoaderData, type FormProps } from 'react-router';

/** The admin layout's loader data, for the CSRF token every form carries. */
interface AdminLayoutData {
  csrfToken: string;
}

/** The hidden CSRF field; pages outside the layout (sign-in, set-up) pass their own token. */
export function CsrfField({ token }: { token?: string }) {
  const layout = useRouteLoaderData<AdminLayoutData>('routes/admin/layout');
  return <input type="hidden" name="csrf" value={token ?? layout?.csrfToken ?? ''} />;
}

/** A back-office form: posts (works with JavaScript off) and always carries the CSRF token. */
export function StaffForm({ csrfToken, children, method = 'post', ...props }: FormProps & { csrfToken?: string }) {
  return (
    <Form method={method} {...props}>
      {method === 'post' ? <CsrfField token={csrfToken} /> : null}
      {children}
    </Form>
  );
}

const BUTTON = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

export function Button({ variant = 'primary', className = '', ...props }: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof BUTTON }) {
  return (
    <button
      type="submit"
      className={`inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 focus-visible:ring-offset-2 disabled:opacity-60 ${BUTTON[variant]} ${className}`}
      {...props}
    />
  );
}

/** What an action answered: a success line or the errors that are not beside a field. */
export function Notice({ tone, children }: { tone: 'success' | 'error' | 'info'; children: ReactNode }) {
  const styles = {
    success: 'border-green-300 bg-green-50 text-green-900',
    error: 'border-red-300 bg-red-50 text-red-900',
    info: 'border-sky-300 bg-sky-50 text-sky-900',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`mb-4 rounded-md border px-4 py-3 text-sm font-medium ${styles[tone]}`}>
      {children}
    </div>
  );
}

/** Errors from an action that are not keyed to a field shown on this form. */
export function OtherErrors({ errors, shown }: { errors: Record<string, string> | undefined; shown: string[] }) {
  const rest = Object.entries(errors ?? {}).filter(([key]) => !shown.includes(key));
  if (rest.length === 0) return null;
  return <Notice tone="error">{rest.map(([, message]) => message).join(' ')}</Notice>;
}

/** A link from the error summary to the field that needs a change. */
export interface ErrorLink {
  /** The id of the field's input (or its group). */
  id: string;
  label: string;
}

const SUMMARY_TITLE = 'Some fields need attention: see the messages beside them.';
const SUMMARY_TITLE_ONE = 'A field needs attention: see the message beside it.';

/**
 * The errors of a form in one place, above it: a line and a link to every field with a message
 * (the message itself stays beside its field). Focused when it appears, so it is read out and in view.
 */
export function ErrorSummary({ links, title, className = 'mb-4' }: { links: ErrorLink[]; title?: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const key = links.map((l) => l.id).join(' ');
  useEffect(() => {
    if (key) box.current?.focus();
  }, [key]);
  if (links.length === 0) return null;
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      className={`rounded-md border border-l-4 border-red-300 border-l-red-700 bg-red-50 px-4 py-3 text-sm text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 ${className}`}
    >
      <p id="error-summary-title" className="font-semibold">
        {title ?? (links.length === 1 ? SUMMARY_TITLE_ONE : SUMMARY_TITLE)}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4">
        {links.map((link) => (
          <li key={link.id}>
            <a href={`#${link.id}`} className="inline-flex min-h-11 items-center font-semibold text-red-900 underline underline-offset-2 hover:text-red-950">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The summary links for the fields of `labels` (in its order) that have an error; ids are `field-<name>` unless given. */
export function errorLinks(errors: Record<string, string> | undefined, labels: Record<string, string>, idOf: (name: string) => string = (name) => `field-${name}`): ErrorLink[] {
  if (!errors) return [];
  return Object.entries(labels)
    .filter(([name]) => errors[name])
    .map(([name, label]) => ({ id: idOf(name), label }));
}
