import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** "in 12 minutes" / "in 1 minute" from the limiter's reset time. */
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

function limiter(options: Partial<Options> & { message: (req: Request) => Record<string, string> }): RequestHandler {
  const { message, ...rest } = options;
  return rateLimit({
    windowMs: FIFTEEN_MINUTES,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => {
      res.status(429).json(message(req));
    },
    ...rest,
  });
}

/**
 * At most 10 failed logins per 15 minutes from one address and, separately, against one account
 * (so a botnet cannot guess one person's password either). Successful logins do not count.
 * The counters live in this process's memory; see ADR 009 for running several instances.
 */
export function loginLimits(): RequestHandler[] {
  const message = (req: Request) => ({ auth: `Too many failed log-in attempts. Please try again ${retryIn(req)}.` });
  return [
    limiter({ limit: 10, skipSuccessfulRequests: true, keyGenerator: ipKey, message }),
    limiter({ limit: 10, skipSuccessfulRequests: true, keyGenerator: emailKey, message }),
  ];
}

/** Reset emails: a few per address and per inbox, so nobody can flood someone's mailbox. */
export function forgotPasswordLimits(): RequestHandler[] {
  const message = (req: Request) => ({ email: `Too many reset requests. Please try again ${retryIn(req)}.` });
  return [limiter({ limit: 20, keyGenerator: ipKey, message }), limiter({ limit: 5, keyGenerator: emailKey, message })];
}

/** Guessing reset tokens is hopeless (256 bits), but failed tries are still capped. */
export function resetPasswordLimits(): RequestHandler[] {
  const message = (req: Request) => ({ token: `Too many attempts. Please try again ${retryIn(req)}.` });
  return [limiter({ limit: 10, skipSuccessfulRequests: true, keyGenerator: ipKey, message })];
}

/** New accounts per address per hour: generous for a family sharing a connection, not for scripts. */
export function registerLimits(): RequestHandler[] {
  const message = (req: Request) => ({ auth: `Too many new accounts from this network. Please try again ${retryIn(req)}.` });
  return [limiter({ windowMs: 60 * 60 * 1000, limit: 100, skipFailedRequests: true, keyGenerator: ipKey, message })];
}
