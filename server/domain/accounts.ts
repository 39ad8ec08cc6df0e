import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { AccountProfile, Dashboard } from '../../common/accounts';
import {
  ChangePasswordSchema,
  DeleteAccountSchema,
  emailField,
  ForgotPasswordSchema,
  LoginSchema,
  ProfileSchema,
  RegisterSchema,
  ResetPasswordSchema,
  VerifyEmailSchema,
} from '../../common/accounts.wire';
import { fieldErrorsFromIssues } from '../../common/api-errors';
import { centsToDecimalString } from '../../common/money';
import { refundNote } from '../../common/payments';
import { DuplicateKeyError } from '../db/errors';
import type { Db } from '../db/database';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/json';
import {
  consumeEmailVerification,
  consumePasswordReset,
  deleteUser,
  expireEmailVerifications,
  expirePasswordResets,
  findUserByEmail,
  findUserById,
  insertEmailVerification,
  insertPasswordReset,
  insertUser,
  takenIdentities,
  updatePassword,
  updateProfile,
  type User,
} from '../db/repositories/users';
import { accountRecords, claimSignedOutGifts, eraseAccountRecords } from '../db/repositories/account-data';
import { accountExistsEmail, noAccountEmail } from '../mail/templates/account-notices';
import { emailChangedEmail } from '../mail/templates/email-changed';
import { emailVerificationEmail } from '../mail/templates/email-verification';
import type { Logger } from '../logger';
import { listDonationsOfUser, listSignupsOfUser, type PaymentFacts } from '../db/repositories/dashboard';
import { queueMail, type MailDelivery } from './mail-queue';
import { passwordResetEmail } from '../mail/templates/password-reset';
import type { MailSiteFacts } from '../mail/templates/site';
import { isCommonPassword } from './common-passwords';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from './errors';
import { parseBody } from './parse';
import type { Attempt, SignInAttempts } from './sign-in-attempts';
import type { SessionVia, StartedSession, SupporterSessions } from './supporter-sessions';

export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 48;
const WRONG_CREDENTIALS = 'Email or password is incorrect.';
const WRONG_PASSWORD = 'This password is not correct.';
const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another.';
const USERNAME_TAKEN = 'This username is taken. Please choose another.';
const BAD_VERIFY_LINK = 'This link has expired or was already used. Log in and ask for a new one from your dashboard.';

/** Who signs in, and from where: the sign-in limits and the session's note of the browser. */
export interface SignInMeta {
  address: string | null;
  userAgent: string | null;
  /** The known-device cookie the browser sent (ADR 043). */
  device?: string | null;
}

export interface AccountsDeps {
  db: Db;
  /** Verifies the tokens an earlier version kept in localStorage, once, to move them to a session. */
  jwtSecret: string;
  sessions: SupporterSessions;
  attempts: SignInAttempts;
  mail: MailDelivery;
  logger: Logger;
  /** Site name, EIN and contact details for the emails, with links on the given origin. */
  siteFacts: (origin: string) => Promise<MailSiteFacts>;
  /** Runs before an account's data is erased (its Stripe subscriptions are cancelled); throwing keeps the account. */
  beforeDelete?: (userId: number) => Promise<void>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** What tokens of the version before sessions carried (`pv`): one issued before a password change is not moved to a session. */
const passwordVersion = (user: User) => sha256(`${user.id}:${user.passwordChangedAt ?? user.createdAt}`).slice(0, 16);


/** How a dashboard row's payment stands: "0.00" refunded and no note while paid in full. */
function paymentState(p: PaymentFacts) {
  return {
    status: p.status as 'paid' | 'partially_refunded' | 'refunded',
    refunded: centsToDecimalString(p.refundedCents),
    note: refundNote(p.status, p.statusReason, centsToDecimalString(p.refundedCents)),
  };
}

export function createAccounts({ db, jwtSecret, sessions, attempts, mail, logger, siteFacts, beforeDelete }: AccountsDeps) {
  const key = new TextEncoder().encode(jwtSecret);
  // Verifying against this when the email is unknown makes both failures take the same time.
  const dummyHash = hash(randomBytes(16).toString('hex'));

  async function assertStrongPassword(password: string, field = 'password'): Promise<void> {
    if (isCommonPassword(password)) throw new ValidationError({ [field]: COMMON_PASSWORD });
  }

  /** Writes a verification link for the account's current email and its mail, in the caller's transaction. */
  async function queueVerification(trx: Transaction<Database>, user: User, site: MailSiteFacts, now: Date): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000).toISOString();
    await insertEmailVerification(trx, { userId: user.id, email: user.email, tokenHash: sha256(token), expiresAt, now: now.toISOString() });
    const message = emailVerificationEmail({ to: user.email, first: user.first, verifyUrl: `${site.url}/verify/${token}`, expiresInHours: VERIFY_LINK_HOURS, site });
    await queueMail(trx, message, { purpose: 'email_verification', sensitive: true }, now);
  }

  /** Gifts made signed out since the email was verified join the account when it looks at them (ADR 026). */
  async function claimGiftsOfVerified(user: User | null): Promise<void> {
    if (user?.emailVerifiedAt) await claimSignedOutGifts(db, user.id, user.email, nowIso());
  }

  async function userOrGone(userId: number): Promise<User> {
    const user = await findUserById(db, userId);
    if (!user) throw new UnauthorizedError({ auth: 'Please log in again.' });
    return user;
  }

  /** The current password, checked before any change that could lock the owner out. */
  async function assertPassword(user: User, password: string, field: string): Promise<void> {
    if (!(await verify(user.passwordHash, password))) throw new ValidationError({ [field]: WRONG_PASSWORD });
  }

  return {
    /**
     * A new account and its verification mail. When the email already has an account the answer is
     * the same (and takes as long: the password is hashed and a mail queued either way); the mail
     * tells the owner instead, so the form never says who has an account here (ADR 043).
     */
    async register(body: unknown, origin: string): Promise<void> {
      // Every problem in one answer (the form's, a common password, a taken username), so nobody
      // has to send the form twice to learn about the second one.
      const parsed = RegisterSchema.safeParse(body ?? {});
      const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      const raw: Record<string, unknown> = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (!errors.password && typeof raw.password === 'string' && isCommonPassword(raw.password)) errors.password = COMMON_PASSWORD;
      const email = errors.email ? null : (emailField.safeParse(raw.email).data ?? null);
      const username = errors.username || typeof raw.username !== 'string' ? null : raw.username.trim();
      const taken = await takenIdentities(db, email, username);
      if (taken.username) errors.username = USERNAME_TAKEN;
      if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
      const input = parsed.data;
      const passwordHash = await hash(input.password);
      const site = await siteFacts(origin);
      const now = new Date();
      if (taken.email) {
        const owner = await findUserByEmail(db, input.email);
        await db.transaction().execute((trx) => queueMail(trx, accountExistsEmail({ to: input.email, first: owner?.first ?? '', site }), { purpose: 'account_exists' }, now));
        mail.kick();
        logger.info('registration with an email that has an account: the owner is told');
        return;
      }
      try {
        // The account and its verification mail are written together (ADR 015).
        const user = await db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, { ...input, passwordHash });
          await queueVerification(trx, created, site, now);
          return created;
        });
        mail.kick();
        logger.info({ userId: user.id }, 'account registered');
      } catch (error) {
        // Two registrations racing for one email or username: the unique index decides, and the
        // loser hears what everyone hears (a lost username race shows when they log in).
        if (error instanceof DuplicateKeyError) {
          logger.warn('registration lost a race for an email or username');
          return;
        }
        throw error;
      }
    },

    /**
     * Checks a password under the sign-in limits (ADR 043); the caller opens the session. A wrong
     * password and an unknown email answer alike, in the same time.
     */
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

    /** A new session for someone who just proved who they are. */
    startSession(user: User, via: SessionVia, meta: SignInMeta): Promise<StartedSession> {
      return sessions.start(user, via, meta.userAgent);
    },

    /**
     * A token an earlier version of the site kept in localStorage, moved to a session once: only
     * if it is correctly signed, unexpired, of an existing account and issued since its password
     * last changed. Tokens of sessions already (with `sid`) are not moved again.
     */
    async adoptStoredToken(authorization: string | undefined, meta: SignInMeta): Promise<StartedSession> {
      const denied = () => new UnauthorizedError({ auth: 'Please log in again.' });
      const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization?.trim() ?? '');
      if (!match) throw denied();
      let payload: JWTPayload & { id?: unknown; pv?: unknown; sid?: unknown };
      try {
        ({ payload } = await jwtVerify(match[1]!, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'pv'] }));
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

    async dashboard(userId: number): Promise<Dashboard> {
      await claimGiftsOfVerified(await findUserById(db, userId));
      const [donations, signups] = await Promise.all([listDonationsOfUser(db, userId), listSignupsOfUser(db, userId)]);
      return {
        donations: donations.map((d) => ({
          amount: centsToDecimalString(d.amountCents),
          message: d.message,
          gift: centsToDecimalString(d.giving.giftCents),
          fee: centsToDecimalString(d.giving.feeCents),
          anonymous: d.giving.anonymous,
          tribute: d.giving.tribute,
          ...paymentState(d),
        })),
        events_and_teams: signups.map((s) => ({
          e: s.event,
          t: {
            id: s.id,
            cancelled: s.cancelledAt !== null,
            date: s.paidAt,
            amount: centsToDecimalString(s.amountCents),
            teamName: s.teamName,
            players: s.people.map((name) => ({ name })),
            ...paymentState(s),
          },
        })),
      };
    },

    /**
     * Always answers the same way, in the same time: a mail is queued either way, the reset link to
     * an account's owner, a "no account uses this email" note otherwise (ADR 043).
     */
    async forgotPassword(body: unknown, origin: string): Promise<void> {
      const { email } = parseBody(ForgotPasswordSchema, body);
      const user = await findUserByEmail(db, email);
      const site = await siteFacts(origin);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000).toISOString();
      const message = user
        ? passwordResetEmail({ to: user.email, first: user.first, resetUrl: `${site.url}/reset/${token}`, expiresInMinutes: RESET_LINK_MINUTES, site })
        : noAccountEmail({ to: email, site });
      // The link and its mail are written together; the outbox delivers it (and retries), so a
      // mail outage never fails the request.
      await db.transaction().execute(async (trx) => {
        if (user) await insertPasswordReset(trx, user.id, sha256(token), expiresAt);
        await queueMail(trx, message, { purpose: user ? 'password_reset' : 'password_reset_unknown', sensitive: user !== null }, new Date());
      });
      mail.kick();
    },

    async resetPassword(body: unknown): Promise<void> {
      const input = parseBody(ResetPasswordSchema, body);
      await assertStrongPassword(input.password);
      // The link is checked and used up (one conditional UPDATE, so only one request can win it)
      // before argon2 runs: a made-up token costs a lookup, not a hash. Hashing happens outside
      // any transaction so it never holds the database (SQLite's single writer) for its duration.
      // Should hashing fail after this, the link is spent and the visitor asks for a new one.
      const userId = await consumePasswordReset(db, sha256(input.token), nowIso());
      if (userId === null) {
        throw new ValidationError({ token: 'This reset link has expired or was already used. Please ask for a new one.' });
      }
      const passwordHash = await hash(input.password);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await updatePassword(trx, userId, passwordHash, now);
        await expirePasswordResets(trx, userId, now);
      });
      await sessions.endAllOf(userId);
      const user = await findUserById(db, userId);
      if (user) await attempts.passwordReset(user.email);
      logger.info({ userId }, 'password reset: every session ended');
    },

    async account(userId: number): Promise<AccountProfile> {
      const user = await userOrGone(userId);
      return { first: user.first, last: user.last, username: user.username, email: user.email, emailVerified: user.emailVerifiedAt !== null };
    },

    /** "Send the link again" from the dashboard; an email already confirmed needs none. */
    async resendVerification(userId: number, origin: string): Promise<void> {
      const user = await userOrGone(userId);
      if (user.emailVerifiedAt) throw new ConflictError({ email: 'Your email is already confirmed.' });
      const site = await siteFacts(origin);
      await db.transaction().execute((trx) => queueVerification(trx, user, site, new Date()));
      mail.kick();
    },

    /**
     * Confirms the address the link was sent to (one use, before it expires, only while it is still
     * the account's email) and, in the same transaction, gives the account the gifts made signed
     * out with that address: never before, so nobody claims gifts by typing someone's email.
     */
    async verifyEmail(body: unknown): Promise<void> {
      const { token } = parseBody(VerifyEmailSchema, body);
      const now = nowIso();
      const verified = await db.transaction().execute(async (trx) => {
        const found = await consumeEmailVerification(trx, sha256(token), now);
        if (found) await claimSignedOutGifts(trx, found.userId, found.email, now);
        return found;
      });
      if (!verified) throw new ValidationError({ token: BAD_VERIFY_LINK });
      logger.info({ userId: verified.userId }, 'email verified');
    },

    /**
     * New names, username and email under registration's rules. A new email is unverified until its
     * link is used; the old address is told of the change.
     */
    async updateProfile(userId: number, body: unknown, origin: string): Promise<{ emailChanged: boolean }> {
      const parsed = ProfileSchema.safeParse(body ?? {});
      const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      const raw: Record<string, unknown> = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const email = errors.email ? null : (emailField.safeParse(raw.email).data ?? null);
      const username = errors.username || typeof raw.username !== 'string' ? null : raw.username.trim();
      const taken = await takenIdentities(db, email, username, userId);
      if (taken.username) errors.username = USERNAME_TAKEN;
      if (taken.email) errors.email = 'Another account uses this email.';
      if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
      const before = await userOrGone(userId);
      const emailChanged = before.email !== parsed.data.email;
      const site = emailChanged ? await siteFacts(origin) : null;
      const now = new Date();
      try {
        await db.transaction().execute(async (trx) => {
          const updated = await updateProfile(trx, userId, parsed.data, now.toISOString());
          if (site) {
            await expireEmailVerifications(trx, userId, now.toISOString());
            await queueVerification(trx, updated, site, now);
            await queueMail(trx, emailChangedEmail({ to: before.email, first: updated.first, newEmail: updated.email, site }), { purpose: 'email_changed' }, now);
          }
        });
        if (site) mail.kick();
        logger.info({ userId, emailChanged }, 'profile updated');
        return { emailChanged };
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw new ConflictError({ email: 'Another account uses this email or username.' });
        throw error;
      }
    },

    /** A new password ends every other session of the account: a thief's copy stops working, this browser goes on. */
    async changePassword(userId: number, body: unknown, keepSessionId: string): Promise<void> {
      const input = parseBody(ChangePasswordSchema, body);
      const user = await userOrGone(userId);
      await assertPassword(user, input.current, 'current');
      await assertStrongPassword(input.password);
      const passwordHash = await hash(input.password);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        await updatePassword(trx, userId, passwordHash, now);
        await expirePasswordResets(trx, userId, now);
      });
      await sessions.endAllOf(userId, keepSessionId);
      logger.info({ userId }, 'password changed: every other session ended');
    },

    /** The known-device cookie's value for a browser that just signed in to this email. */
    knownDeviceFor(email: string): string {
      return attempts.deviceFor(email);
    },

    endSession(sessionId: string): Promise<void> {
      return sessions.end(sessionId);
    },

    /** "Sign out everywhere": every session of the account ends, this one too. */
    async signOutEverywhere(userId: number): Promise<number> {
      const ended = await sessions.endAllOf(userId);
      logger.info({ userId, ended }, 'signed out everywhere');
      return ended;
    },

    /**
     * Erases the person and keeps the money (ADR 026): payments, donations, sign-ups and refunds stay
     * with their amounts and states, unowned and without name or address; the user row, its links
     * and with it every session. The email can register again.
     */
    async deleteAccount(userId: number, body: unknown): Promise<void> {
      const { password } = parseBody(DeleteAccountSchema, body);
      const user = await userOrGone(userId);
      await assertPassword(user, password, 'password');
      await beforeDelete?.(userId);
      const now = nowIso();
      // Its sessions go with the user row (ON DELETE CASCADE).
      await db.transaction().execute(async (trx) => {
        await eraseAccountRecords(trx, userId, user.email, now);
        await deleteUser(trx, userId);
      });
      logger.info({ userId }, 'account deleted');
    },

    /** "Download my data": the account and its own records; never a password hash or a token. */
    async exportData(userId: number) {
      const user = await findUserById(db, userId);
      if (!user) throw new NotFoundError({ auth: 'This account no longer exists.' });
      await claimGiftsOfVerified(user);
      return {
        exportedAt: nowIso(),
        account: {
          first: user.first,
          last: user.last,
          username: user.username,
          email: user.email,
          emailVerified: user.emailVerifiedAt !== null,
          emailVerifiedAt: user.emailVerifiedAt,
          joined: user.createdAt,
          passwordChangedAt: user.passwordChangedAt,
        },
        ...(await accountRecords(db, userId)),
      };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
