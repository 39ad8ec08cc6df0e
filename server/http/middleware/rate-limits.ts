import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { Counters } from '../../domain/counters';
import { TooManyRequestsError } from '../../domain/errors';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

// Keys hold what visitors typed (an email) and addresses: stored as a fixed-length hash, never as given.
const counterKey = (prefix: string, key: string) => prefix + createHash('sha256').update(key).digest('base64url').slice(0, 32);

/** Counters in the database (ADR 016), so instances behind a load balancer share one count per client. */
class DatabaseStore implements Store {
  localKeys = false;
  private windowMs = FIFTEEN_MINUTES;
  constructor(
    private readonly counters: Counters,
    readonly prefix: string,
  ) {}
  init(options: Options): void {
    this.windowMs = options.windowMs;
  }
  private stored(key: string): string {
    return counterKey(this.prefix, key);
  }
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counter = await this.counters.get(this.stored(key));
    return counter ? { totalHits: counter.hits, resetTime: new Date(counter.resetAt) } : undefined;
  }
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const counter = await this.counters.hit(this.stored(key), this.windowMs);
    return { totalHits: counter.hits, resetTime: new Date(counter.resetAt) };
  }
  async decrement(key: string): Promise<void> {
    await this.counters.decrement(this.stored(key));
  }
  async resetKey(key: string): Promise<void> {
    await this.counters.reset(this.stored(key));
  }
}

/** "in 12 minutes" / "in 1 minute" until `reset`. */
function retryAt(reset: Date | undefined): string {
  const minutes = Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + FIFTEEN_MINUTES) - Date.now()) / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
const retryIn = (req: Request) => retryAt((req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime);

// What a limit counts by, as text: the API's requests and the account pages' forms give the same.
const byEmail = (email: unknown) => `email:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
const bySubnet = (subnet: string) => `ip:${subnet}`;
const byAddress = (ip: string | null) => bySubnet(ipKeyGenerator(ip ?? 'unknown'));
const byUser = (id: number | undefined) => `user:${id ?? 'none'}`;
const emailKey = (req: Request) => byEmail((req.body as { email?: unknown } | undefined)?.email);
// express-rate-limit checks that a key made from req.ip goes through ipKeyGenerator (IPv6 by /64).
const ipKey = (req: Request) => bySubnet(ipKeyGenerator(req.ip ?? 'unknown'));
const userKey = (req: Request) => byUser(req.user?.id);

/**
 * The account limits the API and the account pages' forms share: one count per client whichever
 * way it comes. `counts`: which answers count against it (the others are given back).
 */
export const ACCOUNT_LIMITS = {
  forgotAddress: { name: 'forgot-ip', limit: 20, windowMs: FIFTEEN_MINUTES, counts: 'all' },
  forgotInbox: { name: 'forgot-inbox', limit: 5, windowMs: FIFTEEN_MINUTES, counts: 'all' },
  resetAddress: { name: 'reset-ip', limit: 10, windowMs: FIFTEEN_MINUTES, counts: 'refused' },
  confirmPassword: { name: 'confirm-password-user', limit: 10, windowMs: FIFTEEN_MINUTES, counts: 'refused' },
  register: { name: 'register-ip', limit: 100, windowMs: ONE_HOUR, counts: 'done' },
} as const;
type AccountLimit = (typeof ACCOUNT_LIMITS)[keyof typeof ACCOUNT_LIMITS];

const COUNTS = { all: {}, refused: { skipSuccessfulRequests: true }, done: { skipFailedRequests: true } } as const;

/**
 * A form's action run within account limits, as the API's middleware counts them: each limit is
 * hit first; past it, TooManyRequestsError on `field`. The hit is given back when the outcome is not
 * one the limit counts.
 */
export function withinAccountLimits(counters: Counters) {
  return async function within<T>(limits: { rule: AccountLimit; by: string }[], refusal: { field: string; message: (retry: string) => string }, run: () => Promise<T>): Promise<T> {
    const hit: { rule: AccountLimit; key: string }[] = [];
    const giveBack = (done: boolean) =>
      Promise.all(hit.filter(({ rule }) => (rule.counts === 'refused' && done) || (rule.counts === 'done' && !done)).map(({ key }) => counters.decrement(key)));
    for (const { rule, by } of limits) {
      const key = counterKey(`rl:${rule.name}:`, by);
      const counter = await counters.hit(key, rule.windowMs);
      hit.push({ rule, key });
      if (counter.hits > rule.limit) {
        await giveBack(false);
        throw new TooManyRequestsError({ [refusal.field]: refusal.message(retryAt(new Date(counter.resetAt))) }, Math.ceil(rule.windowMs / 1000));
      }
    }
    try {
      const result = await run();
      await giveBack(true);
      return result;
    } catch (error) {
      await giveBack(false);
      throw error;
    }
  };
}

/** What the account pages count by: the same keys as the API's. */
export const limitKeys = { byEmail, byAddress, byUser };

export function createRateLimits(counters: Counters) {
  function limiter(name: string, options: Partial<Options> & { message: (req: Request) => Record<string, string> }): RequestHandler {
    const { message, ...rest } = options;
    return rateLimit({
      windowMs: FIFTEEN_MINUTES,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store: new DatabaseStore(counters, `rl:${name}:`),
      // Fail closed: a store error must never become a way around the limit.
      passOnStoreError: false,
      handler: (req, res) => {
        res.status(429).json(message(req));
      },
      ...rest,
    });
  }

  const shared = (rule: AccountLimit, keyGenerator: (req: Request) => string, message: (req: Request) => Record<string, string>) =>
    limiter(rule.name, { windowMs: rule.windowMs, limit: rule.limit, ...COUNTS[rule.counts], keyGenerator, message });

  return {
    /** Wrong passwords are the domain's (sign-in-attempts.ts). */
    tokenMoves(): RequestHandler[] {
      const message = (req: Request) => ({ auth: `Too many attempts. Please try again ${retryIn(req)}.` });
      return [limiter('token-move-ip', { limit: 10, skipSuccessfulRequests: true, keyGenerator: ipKey, message })];
    },

    /** Per address and per inbox, so nobody can flood someone's mailbox. */
    forgotPassword(): RequestHandler[] {
      const message = (req: Request) => ({ email: `Too many reset requests. Please try again ${retryIn(req)}.` });
      return [shared(ACCOUNT_LIMITS.forgotAddress, ipKey, message), shared(ACCOUNT_LIMITS.forgotInbox, emailKey, message)];
    },

    resetPassword(): RequestHandler[] {
      const message = (req: Request) => ({ token: `Too many attempts. Please try again ${retryIn(req)}.` });
      return [shared(ACCOUNT_LIMITS.resetAddress, ipKey, message)];
    },

    verificationMail(): RequestHandler[] {
      const message = (req: Request) => ({ email: `Too many links asked for. Please try again ${retryIn(req)}.` });
      return [
        limiter('verify-mail-ip', { limit: 20, keyGenerator: ipKey, message }),
        limiter('verify-mail-user', { limit: 5, keyGenerator: userKey, message }),
      ];
    },

    verifyEmail(): RequestHandler[] {
      const message = (req: Request) => ({ token: `Too many attempts. Please try again ${retryIn(req)}.` });
      return [limiter('verify-ip', { limit: 10, skipSuccessfulRequests: true, keyGenerator: ipKey, message })];
    },

    /** Capped per account like logins, so a borrowed session cannot guess the password. */
    passwordConfirmed(): RequestHandler[] {
      const message = (req: Request) => ({ auth: `Too many wrong passwords. Please try again ${retryIn(req)}.` });
      return [shared(ACCOUNT_LIMITS.confirmPassword, userKey, message)];
    },

    /** Generous for a family sharing a connection, not for scripts. */
    register(): RequestHandler[] {
      const message = (req: Request) => ({ auth: `Too many new accounts from this network. Please try again ${retryIn(req)}.` });
      return [shared(ACCOUNT_LIMITS.register, ipKey, message)];
    },

    /** Card-testing defence: only payments actually started count, not forms sent back with errors. */
    paymentIntents(kind: 'donation' | 'signup'): RequestHandler[] {
      const message = (req: Request) => ({ card: `Too many payment attempts. Please try again ${retryIn(req)}.` });
      const perAddress = limiter(`${kind}-intent-ip`, { limit: 30, skipFailedRequests: true, keyGenerator: ipKey, message });
      // Sign-ups need an account: it gets its own budget (mount after the sign-in check).
      return kind === 'signup'
        ? [perAddress, limiter('signup-intent-user', { limit: 20, skipFailedRequests: true, keyGenerator: userKey, message })]
        : [perAddress];
    },

    cardConfirmations(): RequestHandler[] {
      const message = (req: Request) => ({ card: `Too many card attempts. Please try again ${retryIn(req)}.` });
      return [limiter('confirm-ip', { limit: 30, keyGenerator: ipKey, message })];
    },

    /** Rendering a PDF blocks the event loop; refused and unknown links count too (no guessing signatures). */
    pdfLinks(): RequestHandler[] {
      const message = (req: Request) => ({ pdf: `Too many downloads from this network. Please try again ${retryIn(req)}.` });
      return [limiter('pdf-ip', { limit: 60, keyGenerator: ipKey, message })];
    },

    paymentSaves(): RequestHandler[] {
      const message = (req: Request) => ({ token: `Too many requests. Please try again ${retryIn(req)}.` });
      return [limiter('save-ip', { limit: 120, keyGenerator: ipKey, message })];
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
