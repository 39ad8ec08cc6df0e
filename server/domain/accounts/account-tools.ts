import { verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/json';
import { findUserById, insertEmailVerification, type User } from '../../db/repositories/users';
import { claimSignedOutGifts } from '../../db/repositories/account-data';
import { emailVerificationEmail } from '../../mail/templates/email-verification';
import type { Logger } from '../../logger';
import { queueMail, type MailDelivery } from '../mail-queue';
import type { MailSiteFacts } from '../../mail/templates/site';
import { isCommonPassword } from '../common-passwords';
import { UnauthorizedError, ValidationError } from '../errors';
import type { SignInAttempts } from '../sign-in-attempts';
import type { SupporterSessions } from '../supporter-sessions';

export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 48;
export const WRONG_CREDENTIALS = 'Email or password is incorrect.';
const WRONG_PASSWORD = 'This password is not correct.';
export const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another.';
export const USERNAME_TAKEN = 'This username is taken. Please choose another.';
export const BAD_VERIFY_LINK = 'This link has expired or was already used. Log in and ask for a new one from your dashboard.';

export interface SignInMeta {
  address: string | null;
  userAgent: string | null;
  /** ADR 043. */
  device?: string | null;
}

export interface AccountsDeps {
  db: Db;
  /** Verifies tokens kept in localStorage, once, to move them to a session. */
  jwtSecret: string;
  sessions: SupporterSessions;
  attempts: SignInAttempts;
  mail: MailDelivery;
  logger: Logger;
  siteFacts: (origin: string) => Promise<MailSiteFacts>;
  /** E.g. cancels Stripe subscriptions; throwing keeps the account. */
  beforeDelete?: (userId: number) => Promise<void>;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function accountTools({ db }: AccountsDeps) {
  return {
    async assertStrongPassword(password: string, field = 'password'): Promise<void> {
      if (isCommonPassword(password)) throw new ValidationError({ [field]: COMMON_PASSWORD });
    },

    /** In the caller's transaction. */
    async queueVerification(trx: Transaction<Database>, user: User, site: MailSiteFacts, now: Date): Promise<void> {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000).toISOString();
      await insertEmailVerification(trx, { userId: user.id, email: user.email, tokenHash: sha256(token), expiresAt, now: now.toISOString() });
      const message = emailVerificationEmail({ to: user.email, first: user.first, verifyUrl: `${site.url}/verify/${token}`, expiresInHours: VERIFY_LINK_HOURS, site });
      await queueMail(trx, message, { purpose: 'email_verification', sensitive: true }, now);
    },

    /** Gifts made signed out since the email was verified join the account when it looks at them (ADR 026). */
    async claimGiftsOfVerified(user: User | null): Promise<void> {
      if (user?.emailVerifiedAt) await claimSignedOutGifts(db, user.id, user.email, nowIso());
    },

    async userOrGone(userId: number): Promise<User> {
      const user = await findUserById(db, userId);
      if (!user) throw new UnauthorizedError({ auth: 'Please log in again.' });
      return user;
    },

    /** Checked before any change that could lock the owner out. */
    async assertPassword(user: User, password: string, field: string): Promise<void> {
      if (!(await verify(user.passwordHash, password))) throw new ValidationError({ [field]: WRONG_PASSWORD });
    },
  };
}

export type AccountTools = ReturnType<typeof accountTools>;
