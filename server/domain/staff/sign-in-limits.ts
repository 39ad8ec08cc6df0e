import type { Counters } from '../counters';
import { TooManyRequestsError } from '../errors';
import { sha256 } from './secrets';

/**
 * ADR 044: per network, per account and network (the owner from elsewhere still gets in), per
 * account (then only known devices), and wrong codes per account (then locked until a reset).
 * All in the shared counters table, so instances add up to one limit.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const SIGN_INS_PER_NETWORK = 20;
export const WRONG_PASSWORDS_PER_NETWORK = 5;
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
export const WRONG_PASSWORDS_PER_ACCOUNT = 50;
export const ALERT_AFTER_WRONG_PASSWORDS = 5;
export const CODE_WINDOW_MS = 60 * 60_000;
export const WRONG_CODES_PER_ACCOUNT = 10;

// Keys hold a hash of the typed email, never the email.
const account = (email: string) => `staff-sign-in:account:${sha256(email.trim().toLowerCase())}`;

export const signInKeys = {
  network: (network: string) => `staff-sign-in:network:${network}`,
  account,
  accountFromNetwork: (email: string, network: string) => `${account(email)}:network:${network}`,
  /** The first hit in a window sends the mail. */
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

export async function forgetWrongCodes(counters: Counters, staffId: number): Promise<void> {
  await counters.reset(signInKeys.wrongCodes(staffId));
}
