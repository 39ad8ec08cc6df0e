import { hash } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { ChangePasswordSchema, ForgotPasswordSchema, ResetPasswordSchema } from '../../../common/accounts.wire';
import { nowIso } from '../../db/json';
import { consumePasswordReset, expirePasswordResets, findUserByEmail, findUserById, insertPasswordReset, updatePassword } from '../../db/repositories/users';
import { noAccountEmail } from '../../mail/templates/account-notices';
import { queueMail } from '../mail-queue';
import { passwordResetEmail } from '../../mail/templates/password-reset';
import { ValidationError } from '../errors';
import { parseBody } from '../parse';
import { type AccountsDeps, type AccountTools, RESET_LINK_MINUTES, sha256 } from './account-tools';

export function passwords({ db, sessions, attempts, mail, logger, siteFacts }: AccountsDeps, { assertStrongPassword, userOrGone, assertPassword }: AccountTools) {
  return {
    /** Same answer in the same time either way, so it never says who has an account (ADR 043). */
    async forgotPassword(body: unknown, origin: string): Promise<void> {
      const { email } = parseBody(ForgotPasswordSchema, body);
      const user = await findUserByEmail(db, email);
      const site = await siteFacts(origin);
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000).toISOString();
      const message = user
        ? passwordResetEmail({ to: user.email, first: user.first, resetUrl: `${site.url}/reset/${token}`, expiresInMinutes: RESET_LINK_MINUTES, site })
        : noAccountEmail({ to: email, site });
      // Written with the link; the outbox delivers it, so a mail outage never fails the request.
      await db.transaction().execute(async (trx) => {
        if (user) await insertPasswordReset(trx, user.id, sha256(token), expiresAt);
        await queueMail(trx, message, { purpose: user ? 'password_reset' : 'password_reset_unknown', sensitive: user !== null }, new Date());
      });
      mail.kick();
    },
    async resetPassword(body: unknown): Promise<void> {
      const input = parseBody(ResetPasswordSchema, body);
      await assertStrongPassword(input.password);
      // Used up in one conditional UPDATE before argon2 runs, so a made-up token costs a lookup, not a
      // hash; hashing runs outside any transaction so it never holds SQLite's single writer.
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
    /** Ends every other session: a thief's copy stops working, this browser goes on. */
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
  };
}
