import { z } from 'zod';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from './text';

/** Server only (ADR 012). */

/** `label` names it in the "is required" message. */
export function plainText(label: string) {
  return z
    .string({ error: `${label} must be text.` })
    .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
    .transform((v) => v.trim());
}

export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required.` })
    .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
}
