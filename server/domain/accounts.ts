import { hash, verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import {
  emailField,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  type Dashboard,
  type TokenClaims,
} from '../../common/accounts';
import { fieldErrorsFromIssues } from '../../common/api-errors';
import { centsToDecimalString } from '../../common/money';
import type { Db } from '../db/database';
import { nowIso } from '../db/json';
import {
  consumePasswordReset,
  expirePasswordResets,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  insertUser,
  listPaidDonationsOfUser,
  listPaidSignupsOfUser,
  takenIdentities,
  updatePassword,
  type User,
} from '../db/repositories/users';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { passwordResetEmail } from '../mail/templates/password-reset';
import type { MailSiteFacts } from '../mail/templates/site';
import { isCommonPassword } from './common-passwords';
import { ConflictError, UnauthorizedError, ValidationError } from './errors';
import { parseBody } from './parse';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;
export const RESET_LINK_MINUTES = 60;
const WRONG_CREDENTIALS = 'Email or password is incorrect.';
const COMMON_PASSWORD = 'This password is too common and easy to guess. Please choose another.';

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
  mailer: Mailer;
  logger: Logger;
  /** Site name, EIN and contact details for the emails, with links on the given origin. */
  siteFacts: (origin: string) => Promise<MailSiteFacts>;
}

export function gravatarUrl(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  // d=404: no Gravatar gives an error, so the page shows the initials instead of a stock picture.
  return `https://www.gravatar.com/avatar/${digest}?s=160&d=404`;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Changes whenever the password does, so tokens issued before a reset stop working at once. */
const passwordVersion = (user: User) => sha256(`${user.id}:${user.passwordChangedAt ?? user.createdAt}`).slice(0, 16);


export function createAccounts({ db, jwtSecret, mailer, logger, siteFacts }: AccountsDeps) {
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

  return {
    async register(body: unknown): Promise<{ id: number }> {
      // Every problem in one answer (the form's, a common password, a taken name or email), so
      // nobody has to send the form twice to learn about the second one.
      const parsed = RegisterSchema.safeParse(body ?? {});
      const errors = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
      const raw: Record<string, unknown> = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      if (!errors.password && typeof raw.password === 'string' && isCommonPassword(raw.password)) errors.password = COMMON_PASSWORD;
      const email = errors.email ? null : (emailField.safeParse(raw.email).data ?? null);
      const username = errors.username || typeof raw.username !== 'string' ? null : raw.username.trim();
      const taken = await takenIdentities(db, email, username);
      if (taken.username) errors.username = 'This username is taken. Please choose another.';
      if (taken.email) errors.email = 'An account with this email already exists. Log in instead.';
      if (!parsed.success || Object.keys(errors).length > 0) throw new ValidationError(errors);
      const input = parsed.data;
      const passwordHash = await hash(input.password);
      try {
        const user = await insertUser(db, { ...input, passwordHash });
        logger.info({ userId: user.id }, 'account registered');
        return { id: user.id };
      } catch (error) {
        // Two registrations racing for the same email or username: the unique index decides.
        if (/unique|duplicate/i.test(String((error as Error).message))) {
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
      const [donations, signups] = await Promise.all([listPaidDonationsOfUser(db, userId), listPaidSignupsOfUser(db, userId)]);
      return {
        donations: donations.map((d) => ({ amount: centsToDecimalString(d.amountCents), message: d.message })),
        events_and_teams: signups.map((s) => ({
          e: s.event,
          t: { date: s.paidAt, amount: centsToDecimalString(s.amountCents), teamName: s.teamName, players: s.players.map((name) => ({ name })) },
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
      await insertPasswordReset(db, user.id, sha256(token), expiresAt);
      const site = await siteFacts(origin);
      const message = passwordResetEmail({
        to: user.email,
        first: user.first,
        resetUrl: `${site.url}/reset/${token}`,
        expiresInMinutes: RESET_LINK_MINUTES,
        site,
      });
      try {
        await mailer.send(message);
      } catch (error) {
        // The visitor cannot fix a mail outage; log it for staff and answer as usual.
        logger.error({ err: error, userId: user.id }, 'password reset email could not be sent');
      }
    },

    async resetPassword(body: unknown): Promise<void> {
      const input = parseBody(ResetPasswordSchema, body);
      await assertStrongPassword(input.password);
      const passwordHash = await hash(input.password);
      const now = nowIso();
      await db.transaction().execute(async (trx) => {
        const userId = await consumePasswordReset(trx, sha256(input.token), now);
        if (userId === null) {
          throw new ValidationError({ token: 'This reset link has expired or was already used. Please ask for a new one.' });
        }
        await updatePassword(trx, userId, passwordHash, now);
        await expirePasswordResets(trx, userId, now);
        logger.info({ userId }, 'password reset');
      });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
