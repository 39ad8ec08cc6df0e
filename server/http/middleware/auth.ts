import type { RequestHandler } from 'express';
import type { Accounts, AuthUser } from '../../domain/accounts';
import { UnauthorizedError } from '../../domain/errors';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by the bearer middleware when the Authorization header carries a valid token. */
    user?: AuthUser;
  }
}

/** Bearer-token checks (spec §4: `Authorization: Bearer <jwtToken>`). */
export function bearerAuth(accounts: Accounts) {
  /** No valid token: 401, with `message` in field `auth` when given (sign-ups say to log in). */
  const requireToken =
    (message?: string): RequestHandler =>
    async (req, _res, next) => {
      try {
        req.user = await accounts.authenticate(req.get('authorization'));
        next();
      } catch (error) {
        next(message && error instanceof UnauthorizedError ? new UnauthorizedError({ auth: message }) : error);
      }
    };
  /** A valid token identifies the caller; none or a bad one means an anonymous caller. */
  const optionalUser: RequestHandler = async (req, _res, next) => {
    if (!req.get('authorization')) return next();
    try {
      req.user = await accounts.authenticate(req.get('authorization'));
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) return next(error);
    }
    next();
  };
  const requireUser = requireToken();
  const requireSignedIn = requireToken('Please log in or sign up to register for this event.');
  return { requireUser, optionalUser, requireSignedIn };
}
