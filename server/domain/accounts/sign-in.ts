import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { LoginSchema } from '../../../common/accounts.wire';
import { findUserByEmail, findUserById, type User } from '../../db/repositories/users';
import { UnauthorizedError, ValidationError } from '../errors';
import { parseBody } from '../parse';
import type { Attempt } from '../sign-in-attempts';
import { bearerToken, type SessionVia, type StartedSession } from '../supporter-sessions';
import { type AccountsDeps, sha256, type SignInMeta, WRONG_CREDENTIALS } from './account-tools';

/** Tokens issued before a password change are not moved to a session. */
const passwordVersion = (user: User) => sha256(`${user.id}:${user.passwordChangedAt ?? user.createdAt}`).slice(0, 16);

/** ADR 043. */
export function signIn({ db, sessions, attempts, logger, jwtSecret }: AccountsDeps) {
  const key = new TextEncoder().encode(jwtSecret);
  // Verifying against this when the email is unknown makes both failures take the same time.
  const dummyHash = hash(randomBytes(16).toString('hex'));

  return {
    /** A wrong password and an unknown email answer alike, in the same time. */
    async login(body: unknown, meta: SignInMeta): Promise<User> {
      const input = parseBody(LoginSchema, body);
      const attempt: Attempt = { email: input.email, address: meta.address, device: meta.device };
      await attempts.assertMayTry(attempt);
      const user = await findUserByEmail(db, input.email);
      const ok = user ? await verify(user.passwordHash, input.password) : (await verify(await dummyHash, input.password), false);
      if (!user || !ok) {
        await attempts.failed(attempt);
        throw new ValidationError({ password: WRONG_CREDENTIALS });
      }
      await attempts.succeeded(attempt);
      return user;
    },
    startSession(user: User, via: SessionVia, meta: SignInMeta): Promise<StartedSession> {
      return sessions.start(user, via, meta.userAgent);
    },
    /** A token kept in localStorage, moved once: only if validly signed, unexpired, of an existing account and newer than its password. */
    async adoptStoredToken(authorization: string | undefined, meta: SignInMeta): Promise<StartedSession> {
      const denied = () => new UnauthorizedError({ auth: 'Please log in again.' });
      const token = bearerToken(authorization);
      if (!token) throw denied();
      let payload: JWTPayload & { id?: unknown; pv?: unknown; sid?: unknown };
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'pv'] }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw denied();
        throw error;
      }
      if (typeof payload.id !== 'number' || payload.sid !== undefined) throw denied();
      const user = await findUserById(db, payload.id);
      if (!user || payload.pv !== passwordVersion(user)) throw denied();
      logger.info({ userId: user.id }, 'a stored token moved to a session');
      return sessions.start(user, 'cookie', meta.userAgent);
    },
    knownDeviceFor(email: string): string {
      return attempts.deviceFor(email);
    },
    endSession(sessionId: string): Promise<void> {
      return sessions.end(sessionId);
    },
    async signOutEverywhere(userId: number): Promise<number> {
      const ended = await sessions.endAllOf(userId);
      logger.info({ userId, ended }, 'signed out everywhere');
      return ended;
    },
  };
}
