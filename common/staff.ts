import { z } from 'zod';
import { emailField } from './accounts';
import { hasControlCharacters, NO_CONTROL_CHARACTERS, requiredText } from './text';

/** Back-office account forms (issue 11): one schema per form, shared by the pages and the domain. */

/** Staff passwords open every supporter's data: longer than the public site's minimum. */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 128;

export const StaffSignInSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(STAFF_PASSWORD_MAX, 'That password is too long.'),
});

export const SetUpAccountSchema = z
  .object({
    name: requiredText('Your name', 100),
    password: z
      .string({ error: 'Password is required.' })
      .min(STAFF_PASSWORD_MIN, `Use at least ${STAFF_PASSWORD_MIN} characters.`)
      .max(STAFF_PASSWORD_MAX, `Use at most ${STAFF_PASSWORD_MAX} characters.`),
    confirm: z.string({ error: 'Type the password again.' }),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords are not the same.' });

export const STAFF_ROLES = ['admin', 'volunteer'] as const;

export const InviteStaffSchema = z.object({
  email: emailField,
  name: z
    .string()
    .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
    .trim()
    .max(100, 'The name must be at most 100 characters.')
    .default(''),
  role: z.enum(STAFF_ROLES, { error: 'Choose admin or volunteer.' }),
});

/** "123 456" or a recovery code "7KQ4-M2XD-9TZP". */
export const SecondFactorSchema = z.object({
  code: z.string({ error: 'Enter the code.' }).trim().min(1, 'Enter the code.').max(40, 'That code is too long.'),
});

export const INVITE_HOURS = 72;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_ABSOLUTE_HOURS = 12;
export const RECOVERY_CODE_COUNT = 10;
