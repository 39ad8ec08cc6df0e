import { createHash } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import type { Counters } from '../../domain/counters';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

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
  // Keys hold emails and addresses: stored hashed, never as given.
  private stored(key: string): string {
    return this.prefix + createHash('sha256').update(key).digest('base64url').slice(0, 32);
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

function retryIn(req: Request): string {
  const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const minutes = Math.max(1, Math.ceil(((reset?.getTime() ?? Date.now() + FIFTEEN_MINUTES) - Date.now()) / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const emailKey = (req: Request) => {
  const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
  return `email:${typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''}`;
};
const ipKey = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? 'unknown')}`;
const userKey = (req: Request) => `user:${req.user?.id ?? 'none'}`;

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

  return {
    /** Wrong passwords are the domain's (sign-in-attempts.ts). */
    tokenMoves(): RequestHandler[] {
      const message = (req: Request) => ({ auth: `Too many attempts. Please try again ${retryIn(req)}.` });
      return [limiter('token-move-ip', { limit: 10, skipSuccessfulRequests: true, keyGenerator: ipKey, message })];
    },

    /** Per address and per inbox, so nobody can flood someone's mailbox. */
    forgotPassword(): RequestHandler[] {
      const message = (req: Request) => ({ email: `Too many reset requests. Please try again ${retryIn(req)}.` });
      return [limiter('forgot-ip', { limit: 20, keyGenerator: ipKey, message }), limiter('forgot-inbox', { limit: 5, keyGenerator: emailKey, message })];
    },

    resetPassword(): RequestHandler[] {
      const message = (req: Request) => ({ token: `Too many attempts. Please try again ${retryIn(req)}.` });
      return [limiter('reset-ip', { limit: 10, skipSuccessfulRequests: true, keyGenerator: ipKey, message })];
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
      return [limiter('confirm-password-user', { limit: 10, skipSuccessfulRequests: true, keyGenerator: userKey, message })];
    },

    /** Generous for a family sharing a connection, not for scripts. */
    register(): RequestHandler[] {
      const message = (req: Request) => ({ auth: `Too many new accounts from this network. Please try again ${retryIn(req)}.` });
      return [limiter('register-ip', { windowMs: ONE_HOUR, limit: 100, skipFailedRequests: true, keyGenerator: ipKey, message })];
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
