import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { FieldErrors } from '../../common/api-errors';
import { ApiError } from './api';

/**
 * State of a form posted to the API (spec §4 Loading): a new request clears the errors; a failed
 * one replaces them with the response's field-keyed map.
 */
export function useApiForm<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formId = useId();

  // Keyboard and screen-reader users land on the first problem instead of hunting for it.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]:not(:empty)');
    if (first) {
      if (!first.matches('input, select, textarea, button')) first.tabIndex = -1;
      first.focus();
    }
  }, [errors, formId]);

  const field = useCallback(
    (name: keyof V & string) => ({
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
