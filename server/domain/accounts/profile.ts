import type { AccountProfile } from '../../../common/accounts';
import { emailField, ProfileSchema } from '../../../common/accounts.wire';
import { fieldErrorsFromIssues } from '../../../common/api-errors';
import { DuplicateKeyError } from '../../db/errors';
import { expireEmailVerifications, takenIdentities, updateProfile } from '../../db/repositories/users';
import { emailChangedEmail } from '../../mail/templates/email-changed';
import { queueMail } from '../mail-queue';
import { ConflictError, ValidationError } from '../errors';
import { type AccountsDeps, type AccountTools, USERNAME_TAKEN } from './account-tools';

export function profile({ db, mail, logger, siteFacts }: AccountsDeps, { queueVerification, userOrGone }: AccountTools) {
  return {
    async account(userId: number): Promise<AccountProfile> {
      const user = await userOrGone(userId);
      return { first: user.first, last: user.last, username: user.username, email: user.email, emailVerified: user.emailVerifiedAt !== null };
    },
    /** A new email is unverified until its link is used; the old address is told of the change. */
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
  };
}
