import { ipKeyGenerator } from 'express-rate-limit';
import type { Counters } from './counters';
import { TooManyRequestsError } from './errors';
import { knownDevices } from './known-devices';
import { sha256 } from './staff/secrets';

const WINDOW_MS = 15 * 60_000;
const ACCOUNT_WINDOW_MS = 60 * 60_000;
const PER_ACCOUNT_AND_ADDRESS = 5;
const PER_ADDRESS = 20;
/** Past this only a device that signed in before may try. */
const PER_ACCOUNT = 50;

/** One IPv6 customer gets a /64: counting addresses apart would allow 2^64 guesses. */
const network = (address: string | null) => (address ? ipKeyGenerator(address, 64) : 'unknown');

function wait(resetAt: string, now: Date, text: (minutes: string) => string): TooManyRequestsError {
  const minutes = Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 60_000));
  return new TooManyRequestsError({ auth: text(`${minutes} minute${minutes === 1 ? '' : 's'}`) }, minutes * 60);
}

export interface Attempt {
  email: string;
  address: string | null;
  device: string | null | undefined;
}

/** ADR 043: the guesser waits, never the owner; past the account-wide ceiling only known devices may try. */
export function createSignInAttempts(counters: Counters, secret: string, clock: () => Date = () => new Date()) {
  const devices = knownDevices(secret, 'supporter');
  const keys = ({ email, address }: Attempt) => {
    const account = sha256(email.trim().toLowerCase());
    return { pair: `login:pair:${account}:${network(address)}`, address: `login:address:${network(address)}`, account: `login:account:${account}` };
  };

  return {
    deviceFor: (email: string) => devices.issue(email),

    async assertMayTry(attempt: Attempt): Promise<void> {
      const k = keys(attempt);
      const now = clock();
      const [pair, address, account] = await Promise.all([counters.get(k.pair), counters.get(k.address), counters.get(k.account)]);
      const message = (minutes: string) => `Too many failed log-in attempts. Please try again in ${minutes}.`;
      if (pair && pair.hits >= PER_ACCOUNT_AND_ADDRESS) throw wait(pair.resetAt, now, message);
      if (address && address.hits >= PER_ADDRESS) throw wait(address.resetAt, now, message);
      if (account && account.hits >= PER_ACCOUNT && !devices.holds(attempt.device, attempt.email)) {
        throw wait(account.resetAt, now, (minutes) => `Someone has been guessing this account's password, so for your safety it only opens on a device you have logged in with before. Please try again in ${minutes}, or choose a new password with "Forgot your password?".`);
      }
    },

    async failed(attempt: Attempt): Promise<void> {
      const k = keys(attempt);
      await Promise.all([counters.hit(k.pair, WINDOW_MS), counters.hit(k.address, WINDOW_MS), counters.hit(k.account, ACCOUNT_WINDOW_MS)]);
    },

    async succeeded(attempt: Attempt): Promise<void> {
      await counters.reset(keys(attempt).pair);
    },

    /** The owner proved they hold the inbox. */
    async passwordReset(email: string): Promise<void> {
      await counters.reset(keys({ email, address: null, device: null }).account);
    },
  };
}

export type SignInAttempts = ReturnType<typeof createSignInAttempts>;
