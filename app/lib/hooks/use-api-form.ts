import { useCallback, useId, useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../../common/api-errors';
import { ApiError } from '../api';
import { useFocusFirstError } from './use-focus-first-error';
import { useTypedBeforeHydration } from './use-typed-before-hydration';

export type ApiFormField = { name: string; value: string; error: string | undefined; onValueChange: (value: string) => void };

/** Spec §4 Loading: a new request clears the errors; a failed one replaces them. */
export function useApiForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formId = useId();

  useFocusFirstError(formId, errors);
  // What was typed before the page's script ran becomes the form's state.
  useTypedBeforeHydration(
    () => document.getElementById(formId) as HTMLFormElement | null,
    (typed) =>
      setValues((v) => {
        const next: Record<string, string> = { ...v };
        for (const { name, value } of typed) if (name in next && typeof value === 'string') next[name] = value;
        return next as V;
      }),
  );

  const field = useCallback(
    (name: keyof V & string): ApiFormField => ({
      name,
      value: values[name] ?? '',
      error: errors[name],
      onValueChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
    }),
    [values, errors],
  );

  const submit = useCallback(
    (send: (values: V) => Promise<void>) => async (event: FormEvent) => {
      event.preventDefault();
      if (busy) return;
      setErrors({});
      setBusy(true);
      try {
        await send(values);
      } catch (error) {
        if (error instanceof ApiError) setErrors(error.fields);
        else setErrors({ server: 'Something went wrong. Please try again.' });
      } finally {
        setBusy(false);
      }
    },
    [busy, values],
  );

  return { values, setValues, errors, setErrors, busy, field, submit, formId };
}
