import { useEffect } from 'react';
import type { FieldErrors } from '../../../common/api-errors';

/** So keyboard and screen-reader users land on the problem instead of hunting for it. */
export function useFocusFirstError(formId: string, errors: FieldErrors): void {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]:not(:empty)');
    if (!first) return;
    if (!first.matches('input, select, textarea, button')) first.tabIndex = -1;
    first.focus();
  }, [errors, formId]);
}
