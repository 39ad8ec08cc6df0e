import { useLayoutEffect, type RefObject } from 'react';

export interface TypedValue {
  name: string;
  /** For a checkbox whether it is ticked; for a radio the chosen value. */
  value: string | boolean;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

export function typedValues(form: HTMLFormElement): TypedValue[] {
  const typed: TypedValue[] = [];
  for (const field of Array.from(form.elements).filter(isControl)) {
    if (!field.name || field.disabled) continue;
    if (field instanceof HTMLSelectElement) {
      const chosen = field.selectedOptions[0];
      if (chosen && !chosen.defaultSelected) typed.push({ name: field.name, value: field.value });
    } else if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked) typed.push({ name: field.name, value: field.checked });
    } else if (field instanceof HTMLInputElement && field.type === 'radio') {
      if (field.checked && !field.defaultChecked) typed.push({ name: field.name, value: field.value });
    } else if (field.type !== 'file' && field.value !== field.defaultValue) {
      typed.push({ name: field.name, value: field.value });
    }
  }
  return typed;
}

/**
 * Hydration keeps text typed before React ran on the page but not in the form's state, and the next
 * render would reset it; so once, as React starts the form, each changed field is handed to `take`.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null> | (() => HTMLFormElement | null), take: (typed: TypedValue[]) => void): void {
  // A layout effect: the state holds the typed values before any render could reset a field.
  useLayoutEffect(() => {
    const element = typeof form === 'function' ? form() : form.current;
    if (!element) return;
    const typed = typedValues(element);
    if (typed.length > 0) take(typed);
    // Once, on mount: later edits go through the fields' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
