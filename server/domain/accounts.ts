import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import type { AccountProfile, Dashboard, TokenClaims } from '../../common/accounts';
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

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
export const RESET_LINK_MINUTES = 60;
export const VERIFY_LINK_HOURS = 48;
const WRONG_CREDENTIALS = 'Email or password is incorrect.';
const WRONG_PASSWORD = 'This password is not correct.';
const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another.';
const USERNAME_TAKEN = 'This username is taken. Please choose another.';
const EMAIL_TAKEN = 'An account with this email already exists. Log in instead.';
const BAD_VERIFY_LINK = 'This link has expired or was already used. Log in and ask for a new one from your dashboard.';

/** The authenticated caller, as read from a verified token. */
export interface AuthUser {
  id: number;
  email: string;
  first: string;
  last: string;
}

export interface AccountsDeps {
  db: Db;
  jwtSecret: string;
  mail: MailDelivery;
  logger: Logger;
  /** Site name, EIN and contact details for the emails, with links on the given origin. */
  siteFacts: (origin: string) => Promise<MailSiteFacts>;
  /** Runs before an account's data is erased (its Stripe subscriptions are cancelled); throwing keeps the account. */
  beforeDelete?: (userId: number) => Promise<void>;
}

export function gravatarUrl(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  // d=404: no Gravatar gives an error, so the page shows the initials instead of a stock picture.
  return `https://www.gravatar.com/avatar/${digest}?s=160&d=404`;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Changes whenever the password does, so tokens issued before a reset stop working at once. */
const passwordVersion = (user: User) => sha256(`${user.id}:${user.passwordChangedAt ?? user.createdAt}`).slice(0, 16);


/** How a dashboard row's payment stands: "0.00" refunded and no note while paid in full. */
function paymentState(p: PaymentFacts) {
  return {
    status: p.status as 'paid' | 'partially_refunded' | 'refunded',
    refunded: centsToDecimalString(p.refundedCents),
    note: refundNote(p.status, p.statusReason, centsToDecimalString(p.refundedCents)),
  };
}

export function createAccounts({ db, jwtSecret, mail, logger, siteFacts, beforeDelete }: AccountsDeps) {
  const key = new TextEncoder().encode(jwtSecret);
  // Verifying against this when the email is unknown makes both failures take the same time.
  const dummyHash = hash(randomBytes(16).toString('hex'));

  async function issueToken(user: User): Promise<string> {
    const claims: TokenClaims = {
      id: user.id,
      first: user.first,
      last: user.last,
      username: user.username,
      email: user.email,
      avatar: gravatarUrl(user.email),
      date: user.createdAt,
    };
    return new SignJWT({ ...claims, pv: passwordVersion(user) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + TOKEN_LIFETIME_SECONDS)
      .sign(key);
  }

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
    async register(body: unknown, origin: string): Promise<{ id: number }> {
      // Every problem in one answer (the form's, a common password, a taken name or email), so
      // nobody has to send the form twice to learn about the second one.
      const parsed = RegisterSchema.safeParse(body ?? {});
      const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      const raw: Record<string, unknown> = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (!errors.password && typeof raw.password === 'string' && isCommonPassword(raw.password)) errors.password = COMMON_PASSWORD;
      const email = errors.email ? null : (emailField.safeParse(raw.email).data ?? null);
      const username = errors.username || typeof raw.username !== 'string' ? null : raw.username.trim();
      const taken = await takenIdentities(db, email, username);
      if (taken.username) errors.username = USERNAME_TAKEN;
      if (taken.email) errors.email = EMAIL_TAKEN;
      if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
      const input = parsed.data;
      const passwordHash = await hash(input.password);
      const site = await siteFacts(origin);
      try {
        // The account and its verification mail are written together (ADR 015).
        const user = await db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, { ...input, passwordHash });
          await queueVerification(trx, created, site, new Date());
          return created;
        });
        mail.kick();
        logger.info({ userId: user.id }, 'account registered');
        return { id: user.id };
      } catch (error) {
        // Two registrations racing for the same email or username: the unique index decides.
        if (error instanceof DuplicateKeyError) {
          throw new ConflictError({ email: 'An account with this email or username already exists.' });
        }
        throw error;
      }
    },

    async login(body: unknown): Promise<{ token: string }> {
      const input = parseBody(LoginSchema, body);
      const user = await findUserByEmail(db, input.email);
      const ok = user ? await verify(user.passwordHash, input.password) : (await verify(await dummyHash, input.password), false);
      if (!user || !ok) throw new ValidationError({ password: WRONG_CREDENTIALS });
      return { token: await issueToken(user) };
    },

    /** A valid, unexpired HS256 token of an existing user whose password has not changed since. */
    async authenticate(authorization: string | undefined): Promise<AuthUser> {
      const denied = () => new UnauthorizedError({ auth: 'Please log in again.' });
      const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(authorization?.trim() ?? '');
      if (!match) throw denied();
      let payload: JWTPayload & { id?: unknown; pv?: unknown };
      try {
        ({ payload } = await jwtVerify(match[1]!, key, { algorithms: ['HS256'] }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) throw denied();
        throw error;
      }
      if (typeof payload.id !== 'number' || !Number.isSafeInteger(payload.id)) throw denied();
      const user = await findUserById(db, payload.id);
      if (!user) throw denied();
      if (payload.pv !== passwordVersion(user)) throw denied();
      return { id: user.id, email: user.email, first: user.first, last: user.last };
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

    /** Always resolves the same way, so the answer never tells whether an account exists. */
    async forgotPassword(body: unknown, origin: string): Promise<void> {
      const { email } = parseBody(ForgotPasswordSchema, body);
      const user = await findUserByEmail(db, email);
      if (!user) {
        logger.info('password reset asked for an unknown email');
        return;
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000).toISOString();
      const site = await siteFacts(origin);
      const message = passwordResetEmail({
        to: user.email,
        first: user.first,
        resetUrl: `${site.url}/reset/${token}`,
        expiresInMinutes: RESET_LINK_MINUTES,
        site,
      });
      // The link and its mail are written together; the outbox delivers it (and retries), so a
      // mail outage never fails the request, and the answer takes as long whether or not the account exists.
      await db.transaction().execute(async (trx) => {
        await insertPasswordReset(trx, user.id, sha256(token), expiresAt);
        await queueMail(trx, message, { purpose: 'password_reset', sensitive: true }, new Date());
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
      logger.info({ userId }, 'password reset');
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
     * link is used; the old address is told of the change. Answers a fresh token with the new claims.
     */
    async updateProfile(userId: number, body: unknown, origin: string): Promise<{ token: string; emailChanged: boolean }> {
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
        const user = await db.transaction().execute(async (trx) => {
          const updated = await updateProfile(trx, userId, parsed.data, now.toISOString());
          if (site) {
            await expireEmailVerifications(trx, userId, now.toISOString());
            await queueVerification(trx, updated, site, now);
            await queueMail(trx, emailChangedEmail({ to: before.email, first: updated.first, newEmail: updated.email, site }), { purpose: 'email_changed' }, now);
          }
          return updated;
        });
        if (site) mail.kick();
        logger.info({ userId, emailChanged }, 'profile updated');
        return { token: await issueToken(user), emailChanged };
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw new ConflictError({ email: 'Another account uses this email or username.' });
        throw error;
      }
    },

    /** A new password ends every other session (its token's pv changes); this browser gets a fresh token. */
    async changePassword(userId: number, body: unknown): Promise<{ token: string }> {
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
      logger.info({ userId }, 'password changed');
      return { token: await issueToken(await userOrGone(userId)) };
    },

    /**
     * Erases the person and keeps the money (ADR 026): payments, donations, sign-ups and refunds stay
     * with their amounts and states, unowned and without name or address; the user row, its links
     * and so every token go. The email can register again.
     */
    async deleteAccount(userId: number, body: unknown): Promise<void> {
      const { password } = parseBody(DeleteAccountSchema, body);
      const user = await userOrGone(userId);
      await assertPassword(user, password, 'password');
      await beforeDelete?.(userId);
      const now = nowIso();
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
