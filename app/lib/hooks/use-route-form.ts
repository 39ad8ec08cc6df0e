import { useId } from 'react';
import { useActionData, useNavigation } from 'react-router';
import type { FieldErrors } from '../../../common/api-errors';
import { useFocusFirstError } from './use-focus-first-error';

/** ADR 043. */
export interface FormAnswer {
  /** Its `intent` field, when a page has several forms. */
  intent?: string;
  errors?: FieldErrors;
  /** Never a password. */
  values?: Record<string, string>;
  done?: string;
}

export type FormField = { name: string; defaultValue: string; error: string | undefined };

/** Works with or without JavaScript: errors and typed values come back in the action's data. */
export function useRouteForm(intent?: string, initial: Record<string, string> = {}) {
  const answer = useActionData<FormAnswer>();
  const navigation = useNavigation();
  const formId = useId();
  const mine = answer !== undefined && (intent === undefined || answer.intent === intent) ? answer : undefined;
  const errors = mine?.errors ?? {};
  useFocusFirstError(formId, errors);
  const busy = navigation.state === 'submitting' && (intent === undefined || navigation.formData?.get('intent') === intent);
  const field = (name: string): FormField => ({ name, defaultValue: mine?.values?.[name] ?? initial[name] ?? '', error: errors[name] });
  return { formId, errors, busy, field, done: mine?.done };
}
