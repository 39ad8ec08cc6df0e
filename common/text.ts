/** Control characters are refused: nobody types them, and PostgreSQL cannot store NUL. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const NO_CONTROL_CHARACTERS = 'Remove the invisible control characters from this text.';

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/** A label inside a sentence: "High school transcript" → "high school transcript", but "FAFSA summary" stays. */
export function midSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}
