import { useId } from 'react';
import { useActionData, useNavigation } from 'react-router';
import type { FieldErrors } from '../../../common/api-errors';
import { useFocusFirstError } from './use-focus-first-error';

/** What an account page's action answers a form with (ADR 043): its errors and what to show again. */
export interface FormAnswer {
  /** Which of the page's forms was sent (its `intent` field), when a page has several. */
  intent?: string;
  errors?: FieldErrors;
  /** What was typed, to show again beside the errors (never a password). */
  values?: Record<string, string>;
  /** A confirmation to show. */
  done?: string;
}

/** What `field(name)` spreads onto a TextField of a form the page's action answers. */
export type FormField = { name: string; defaultValue: string; error: string | undefined };

/**
 * A `<Form>` answered by the route's action, with or without JavaScript: the errors and the
 * values typed come back in the action's data (as HTML when the browser posted the form itself).
 */
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
