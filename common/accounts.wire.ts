import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './accounts';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from './text';

/** Spec §5 payloads with the limits of `accounts.ts`. Server only (ADR 012). */

const text = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .refine((v) => !hasControlCharacters(v), NO_CONTROL_CHARACTERS)
    .trim();

const name = (label: string) => text(label).min(1, `${label} is required.`).max(50, `${label} must be at most 50 characters.`);

export const emailField = text('Email')
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email({ error: 'Enter a valid email address, like name@example.com.' }))
  .transform((v) => v.toLowerCase());

const newPassword = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

const matchingPasswords = <T extends { password: string; password2: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.password !== value.password2) {
    ctx.addIssue({ code: 'custom', path: ['password2'], message: 'Passwords do not match.' });
  }
};

const usernameField = text('Username')
  .min(1, 'Username is required.')
  .regex(USERNAME_PATTERN, 'Username must be 3 to 30 letters, digits, _ or . (no spaces).');

export const RegisterSchema = z
  .object({
    first: name('First name'),
    last: name('Last name'),
    username: usernameField,
    email: emailField,
    password: newPassword,
    password2: z.string({ error: 'Re-enter your password.' }).min(1, 'Re-enter your password.'),
  })
  .superRefine(matchingPasswords);

export const LoginSchema = z.object({
  email: text('Email').min(1, 'Email is required.').max(254, 'Email must be at most 254 characters.').transform((v) => v.toLowerCase()),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(PASSWORD_MAX, 'Email or password is incorrect.'),
});

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: 'This reset link is not valid.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'This reset link is not valid.'),
    password: newPassword,
    password2: z.string({ error: 'Re-enter your password.' }).min(1, 'Re-enter your password.'),
  })
  .superRefine(matchingPasswords);

/** Registration's fields and rules, without the password. */
export const ProfileSchema = z.object({
  first: name('First name'),
  last: name('Last name'),
  username: usernameField,
  email: emailField,
});

const currentPassword = z
  .string({ error: 'Enter your current password.' })
  .min(1, 'Enter your current password.')
  .max(PASSWORD_MAX, 'This password is not correct.');

export const ChangePasswordSchema = z
  .object({
    current: currentPassword,
    password: newPassword,
    password2: z.string({ error: 'Re-enter your new password.' }).min(1, 'Re-enter your new password.'),
  })
  .superRefine(matchingPasswords);

export const DeleteAccountSchema = z.object({ password: currentPassword });

export const VerifyEmailSchema = z.object({
  token: z.string({ error: 'This link is not valid.' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.'),
});
