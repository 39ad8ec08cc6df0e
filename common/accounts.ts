import { z } from 'zod';
import type { TributeKind } from './donations';
import type { EventImage } from './events';
import { hasControlCharacters, NO_CONTROL_CHARACTERS } from './text';

/**
 * Account payloads (spec §5 Register/Login, plus password reset). One schema per payload, shared
 * by browser and server so both speak of the same fields and limits.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;

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

/** The account page's profile form: the same fields and rules as registration, without the password. */
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

/** GET /api/user/account: the profile as stored, and whether its email is confirmed. */
export interface AccountProfile {
  first: string;
  last: string;
  username: string;
  email: string;
  emailVerified: boolean;
}

/** What a login token carries (spec §3 User) and the browser decodes. */
export interface TokenClaims {
  id: number;
  first: string;
  last: string;
  username: string;
  email: string;
  avatar: string;
  /** Join date, ISO 8601. */
  date: string;
}

/** Where a dashboard payment stands (ADR 013); money is two-decimal strings like the spec's amounts. */
export interface DashboardPaymentState {
  status: 'paid' | 'partially_refunded' | 'refunded';
  /** What has been given back, "0.00" when nothing. */
  refunded: string;
  /** "Refunded: the event filled up", or null while paid in full. */
  note: string | null;
}

/**
 * GET /api/user/dashboard (spec §3 Dashboard); amounts are two-decimal strings like "20.00".
 * Beyond the spec's fields: the event's type and date, the gaming team's name, and each payment's
 * state, so the list can say when the event is, call a party's people attendees and show refunds.
 */
export interface Dashboard {
  /**
   * `gift` and `fee` split `amount` when the donor covered the card fees (`fee` "0.00" otherwise);
   * `anonymous` and `tribute` as the donor chose them (ADR 027).
   */
  donations: ({ amount: string; message: string; gift: string; fee: string; anonymous: boolean; tribute: { kind: TributeKind; name: string } | null } & DashboardPaymentState)[];
  events_and_teams: {
    e: { eventNumber: number; eventType: string; eventDate: string; name: string; location: string; image: EventImage | null };
    /** `id` opens the sign-up to change or cancel it (/api/user/signups/:id); `cancelled` by the supporter. */
    t: { id: number; cancelled: boolean; date: string; amount: string; teamName: string | null; players: { name: string }[] } & DashboardPaymentState;
  }[];
}
