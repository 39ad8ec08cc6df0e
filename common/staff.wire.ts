import { z } from 'zod';
import { emailField } from './accounts.wire';
import { CHOOSE_ROLE, STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, STAFF_ROLES } from './staff';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from './text';
import { requiredText } from './text.wire';

/** Server only (ADR 012). */

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

export const InviteStaffSchema = z.object({
  email: emailField,
  name: z
    .string()
    .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
    .trim()
    .max(100, 'The name must be at most 100 characters.')
    .default(''),
  role: z.enum(STAFF_ROLES, { error: CHOOSE_ROLE }),
});

export const SecondFactorSchema = z.object({
  code: z.string({ error: 'Enter the code.' }).trim().min(1, 'Enter the code.').max(40, 'That code is too long.'),
});
