import { z } from 'zod';
import { hasControlCharacters } from '../../../common/text';

/**
 * Zod fields for the back-office forms the domain parses (events, announcements): each field as
 * posted (text, trimmed; a field the form did not send is empty) and its message beside it, in the
 * words these forms have always used.
 */

export const postedText = z
  .string({ error: 'Enter text here.' })
  .optional()
  .transform((value) => value?.trim() ?? '');

const controlCharacters = (label: string) => `${label} contains invisible control characters; please retype it.`;

/** The checks of text that must be given, of at most `max` characters, after any of `first`'s. */
export function requiredChecks(label: string, max: number, first: z.ZodString = z.string()) {
  return first
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((value) => !hasControlCharacters(value), controlCharacters(label));
}

/** Text that must be given, of at most `max` characters; `label` names it in the messages. */
export function requiredText(label: string, max: number) {
  return postedText.pipe(requiredChecks(label, max));
}

/** Text that may be left empty, of at most `max` characters. */
export function optionalText(label: string, max: number) {
  return postedText.pipe(
    z
      .string()
      .max(max, `${label} must be at most ${max} characters.`)
      .refine((value) => !hasControlCharacters(value), controlCharacters(label)),
  );
}

/** A checkbox: ticked when the form sends "on". */
export const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on');

/** A file of the media library as a form names it: "/media/…". */
export const MEDIA_PATH = /^\/media\/[a-z0-9][a-z0-9/_.-]*$/;

/** A field's value that must be there: null (left empty) is refused with `message`. */
export function present<T>(field: z.ZodType<T | null, unknown>, message: string) {
  return field.transform((value, ctx): T => {
    if (value === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return value;
  });
}

/**
 * An empty field is null; otherwise `read` answers the value, or null to refuse it with `message`.
 * A refused field reads as null for the checks between fields, as if it were left empty.
 */
export function optionalValue<T>(read: (text: string) => T | null, message: string) {
  return postedText.transform((text, ctx): T | null => {
    if (text === '') return null;
    const value = read(text);
    if (value === null) ctx.addIssue({ code: 'custom', message });
    return value;
  });
}

/**
 * For the checks between a form's fields: they run on what each field read even when some have
 * messages of their own (a refused value reads as null, refused text as typed), so a form shows
 * every problem at once. Not when the input was not a form's fields at all.
 */
export const evenWithFieldErrors = (payload: Payload) => payload.issues.every((issue) => issue.path !== undefined && issue.path.length > 0);

/** The same, once the required `fields` were read: one left empty or refused has no value to compare. */
export const onceRead =
  (...fields: string[]) =>
  (payload: Payload) =>
    evenWithFieldErrors(payload) && payload.issues.every((issue) => !fields.includes(String(issue.path?.[0])));

interface Payload {
  issues: readonly { path?: readonly PropertyKey[] | undefined }[];
}
