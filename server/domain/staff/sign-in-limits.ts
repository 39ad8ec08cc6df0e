import type { Counters } from '../counters';
import { TooManyRequestsError } from '../errors';
import { sha256 } from './secrets';

/**
 * How much guessing staff sign-in allows (review findings 1 and 3, ADR 044). Every count is a row
 * of the shared counters table, so several instances behind a load balancer add up to one limit.
 *
 * - Per network (an IPv4 address, or an IPv6 /64): 20 sign-in steps in 15 minutes, whoever for.
 * - Per account and network: 5 wrong passwords in 15 minutes, then that network waits for that
 *   account. The owner's right password from elsewhere still gets in: guessing never locks them out.
 * - Per account: 50 wrong passwords in an hour from all networks together, then every try waits
 *   but from a browser that finished a sign-in to the account before (its known-device cookie):
 *   the brake on a guesser with many networks. The person is mailed once an hour while it goes on.
 * - Per account: 10 wrong codes in an hour across all sessions, then the second step is locked until
 *   a new set-up link is used or an admin resets two-step sign-in (a right password clears nothing).
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_INS_PER_NETWORK = 20;
export const WRONG_PASSWORDS_PER_NETWORK = 5;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const WRONG_PASSWORDS_PER_ACCOUNT = 50;
/** Wrong passwords for an account (from anywhere) before its owner is told. */
export const ALERT_AFTER_WRONG_PASSWORDS = 5;
export const CODE_WINDOW_MS = 60 * 60_000;
export const WRONG_CODES_PER_ACCOUNT = 10;

// Keys hold a hash of the typed email, never the email itself.
const account = (email: string) => `staff-sign-in:account:${sha256(email.trim().toLowerCase())}`;

export const signInKeys = {
  network: (network: string) => `staff-sign-in:network:${network}`,
  account,
  accountFromNetwork: (email: string, network: string) => `${account(email)}:network:${network}`,
  /** Hit once per window per account: the first hit sends the mail. */
  alerted: (staffId: number) => `staff-sign-in:alerted:${staffId}`,
  wrongCodes: (staffId: number) => `staff-codes:account:${staffId}`,
};

export function tooManySignIns(resetAt: string, now: Date): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 60_000));
  return new TooManyRequestsError(
    { form: `Too many sign-in attempts. For the foundation's safety, please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.` },
    minutes * 60,
  );
}

/** Lifting a lock (a new set-up link used, an admin's reset) also forgets the wrong codes counted. */
export async function forgetWrongCodes(counters: Counters, staffId: number): Promise<void> {
  await counters.reset(signInKeys.wrongCodes(staffId));
}
