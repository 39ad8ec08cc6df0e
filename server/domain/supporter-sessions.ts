import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { TokenClaims } from '../../common/accounts';
import type { Db } from '../db/database';
import { findUserById, type User } from '../db/repositories/users';
import {
  deleteEndedUserSessions,
  findUserSession,
  insertUserSession,
  revokeUserSession,
  revokeUserSessionsOf,
  touchUserSession,
} from '../db/repositories/user-sessions';
import { UnauthorizedError } from './errors';
import { gravatarUrl } from './gravatar';
import { randomToken, sha256 } from './staff/secrets';

export const SESSION_IDLE_DAYS = 14;
export const SESSION_ABSOLUTE_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;
/** A write per page view otherwise; ten minutes' slack is plenty against 14 days. */
const TOUCH_EVERY_MS = 10 * 60_000;

export type SessionVia = 'cookie' | 'token';

export interface AuthUser {
  id: number;
  email: string;
  first: string;
  last: string;
}

export interface SupporterSession {
  /** Never the cookie's value. */
  id: string;
  via: SessionVia;
  expiresAt: string;
  user: User;
}

export interface StartedSession {
  /** The cookie's random value, or a signed token naming the session. */
  secret: string;
  session: SupporterSession;
}

/** Spec §3. */
export function claimsOf(user: User): TokenClaims {
  return { id: user.id, first: user.first, last: user.last, username: user.username, email: user.email, avatar: gravatarUrl(user.email), date: user.createdAt };
}

const denied = () => new UnauthorizedError({ auth: 'Please log in again.' });
export const bearerToken = (authorization: string | undefined): string | null =>
  /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization?.trim() ?? '')?.[1] ?? null;

/**
 * ADR 043: a cookie holds a random id, an API token names its session by `sid`; only the
 * user_sessions row says whether it is live, so ending a session ends it on every instance.
 */
export function createSupporterSessions({ db, jwtSecret, clock = () => new Date() }: { db: Db; jwtSecret: string; clock?: () => Date }) {
  const key = new TextEncoder().encode(jwtSecret);

  async function tokenFor(user: User, sid: string, expiresAt: Date): Promise<string> {
    return new SignJWT({ ...claimsOf(user), sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(clock().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  /** Touched; null when unknown, revoked, idle too long or past its end. */
  async function live(id: string, userId?: number): Promise<SupporterSession | null> {
    const record = await findUserSession(db, id);
    if (!record || record.revokedAt !== null || (userId !== undefined && record.userId !== userId)) return null;
    const now = clock();
    if (Date.parse(record.expiresAt) <= now.getTime() || Date.parse(record.lastSeenAt) + SESSION_IDLE_DAYS * DAY_MS <= now.getTime()) {
      await revokeUserSession(db, id, now.toISOString());
      return null;
    }
    const user = await findUserById(db, record.userId);
    if (!user) return null;
    if (now.getTime() - Date.parse(record.lastSeenAt) >= TOUCH_EVERY_MS) await touchUserSession(db, id, now.toISOString());
    return { id, via: record.via, expiresAt: record.expiresAt, user };
  }

  return {
    async start(user: User, via: SessionVia, userAgent: string | null): Promise<StartedSession> {
      const now = clock();
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS);
      const random = randomToken();
      const id = sha256(random);
      await insertUserSession(db, { id, userId: user.id, via, now: now.toISOString(), expiresAt: expiresAt.toISOString(), userAgent });
      const session = { id, via, expiresAt: expiresAt.toISOString(), user };
      return { secret: via === 'cookie' ? random : await tokenFor(user, id, expiresAt), session };
    },

    async fromCookie(value: string | null | undefined): Promise<SupporterSession | null> {
      if (!value || value.length > 100) return null;
      return live(sha256(value));
    },

    /** A token without `exp` or `sid`, or of an ended session, is refused. */
    async fromBearer(authorization: string | undefined): Promise<SupporterSession> {
      const token = bearerToken(authorization);
      if (!token) throw denied();
      let payload: JWTPayload & { id?: unknown; sid?: unknown };
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sid'], currentDate: clock() }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw denied();
        throw error;
      }
      if (typeof payload.id !== 'number' || typeof payload.sid !== 'string' || payload.sid.length !== 64) throw denied();
      const session = await live(payload.sid, payload.id);
      if (!session) throw denied();
      return session;
    },

    async end(id: string): Promise<void> {
      await revokeUserSession(db, id, clock().toISOString());
    },

    async endAllOf(userId: number, except?: string): Promise<number> {
      return revokeUserSessionsOf(db, userId, clock().toISOString(), except);
    },

    async purgeEnded(): Promise<number> {
      return deleteEndedUserSessions(db, new Date(clock().getTime() - DAY_MS).toISOString());
    },
  };
}

export type SupporterSessions = ReturnType<typeof createSupporterSessions>;
