import { z } from 'zod';
import { hasControlCharacters } from '../../../common/text';

/** Fields of the forms the domain parses (events, announcements), in the words they have always used. */

export const postedText = z
  .string({ error: 'Enter text here.' })
  .optional()
  .transform((value) => value?.trim() ?? '');

const controlCharacters = (label: string) => `${label} contains invisible control characters; please retype it.`;

/** After any of `first`'s checks. */
export function requiredChecks(label: string, max: number, first: z.ZodString = z.string()) {
  return first
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value), controlCharacters(label));
}

export function requiredText(label: string, max: number) {
  return postedText.pipe(requiredChecks(label, max));
}

export function optionalText(label: string, max: number) {
  return postedText.pipe(
    z
      .string()
      .max(max, `${label} must be at most ${max} characters.`)
      .refine((value) => !hasControlCharacters(value), controlCharacters(label)),
  );
}

export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

export const MEDIA_PATH = /^\/media\/[a-z0-9][a-z0-9/_.-]*$/;

/** Null (left empty) is refused with `message`. */
export function present<T>(field: z.ZodType<T | null, unknown>, message: string) {
  return field.transform((value, ctx): T => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

/** `read` answers null to refuse; a refused field reads as null to the checks between fields, as if empty. */
export function optionalValue<T>(read: (text: string) => T | null, message: string) {
  return postedText.transform((text, ctx): T | null => {
    if (text === '') return null;
    const value = read(text);
    if (value === null) ctx.addIssue({ code: 'custom', message });
    return value;
  });
}

/** Checks between fields run even when fields have their own messages, so a form shows every problem at once. */
export const evenWithFieldErrors = (payload: Payload) => payload.issues.every((issue) => issue.path !== undefined && issue.path.length > 0);

/** A required field left empty or refused has no value to compare. */
export const onceRead =
  (...fields: string[]) =>
  (payload: Payload) =>
    evenWithFieldErrors(payload) && payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

interface Payload {
  issues: readonly { path?: readonly PropertyKey[] | undefined }[];
}

const isRealDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** A date input's YYYY-MM-DD; empty reads as null. */
export const calendarDate = (label: string) => optionalValue((text) => (isRealDate(text) ? text : null), `${label} must be a date.`);
