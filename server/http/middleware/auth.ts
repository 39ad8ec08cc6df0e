import type { RequestHandler, Response, Request } from 'express';
import { UnauthorizedError } from '../../domain/errors';
import type { AuthUser, SupporterSession, SupporterSessions } from '../../domain/supporter-sessions';
import type { SupporterCookies } from '../supporter-cookies';

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
    supporterSession?: SupporterSession;
  }
}

/** Bearer token (spec §4) or the session cookie (ADR 043). A bad token is a 401 even beside a good cookie. */
export function supporterAuth(sessions: SupporterSessions, cookies: SupporterCookies) {
  async function sessionOf(req: Request, res: Response): Promise<SupporterSession | null> {
    const authorization = req.get('authorization');
    if (authorization) return sessions.fromBearer(authorization);
    const session = await sessions.fromCookie(cookies.session(req.get('cookie')));
    if (!session && cookies.marked(req.get('cookie'))) res.append('Set-Cookie', cookies.signOut());
    return session;
  }
  const identify = (req: Request, session: SupporterSession) => {
    req.supporterSession = session;
    req.user = { id: session.user.id, email: session.user.email, first: session.user.first, last: session.user.last };
  };

  /** `message` goes in field `auth` when given (sign-ups say to log in). */
  const requireSession =
    (message?: string): RequestHandler =>
    async (req, res, next) => {
      try {
        const session = await sessionOf(req, res);
        if (!session) throw new UnauthorizedError({ auth: 'Please log in again.' });
        identify(req, session);
        next();
      } catch (error) {
        next(message && error instanceof UnauthorizedError ? new UnauthorizedError({ auth: message }) : error);
      }
    };
  const optionalUser: RequestHandler = async (req, res, next) => {
    try {
      const session = await sessionOf(req, res);
      if (session) identify(req, session);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) return next(error);
    }
    next();
  };
  const requireUser = requireSession();
  const requireSignedIn = requireSession('Please log in or sign up to register for this event.');
  return { requireUser, optionalUser, requireSignedIn };
}

export type SupporterAuth = ReturnType<typeof supporterAuth>;
