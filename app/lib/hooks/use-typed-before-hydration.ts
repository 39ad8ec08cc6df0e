import { useLayoutEffect, type RefObject } from 'react';

/** A field the visitor changed before React ran the form: its name and what it holds now. */
export interface TypedValue {
  name: string;
  /** The text of a text field or list; for a checkbox whether it is ticked; for a radio the chosen value. */
  value: string | boolean;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isControl = (element: Element): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** The named fields of a form whose value differs from the one it was rendered with. */
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
 * Takes over what a visitor typed into a form React rendered on the server before its script ran
 * (a slow phone, or a dialog opened with no script yet): hydration keeps the typed text on the page
 * but not in the form's state, and the form's next render would put the state back. So once, as
 * React starts the form, each changed field is handed to `take`, which puts it in the state.
 * A field's default is what the server rendered; a form React made itself has nothing to take.
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
