import { hash } from '@node-rs/argon2';
import { emailField, RegisterSchema, VerifyEmailSchema } from '../../../common/accounts.wire';
import { fieldErrorsFromIssues } from '../../../common/api-errors';
import { DuplicateKeyError } from '../../db/errors';
import { nowIso } from '../../db/json';
import { consumeEmailVerification, findUserByEmail, insertUser, takenIdentities } from '../../db/repositories/users';
import { claimSignedOutGifts } from '../../db/repositories/account-data';
import { accountExistsEmail } from '../../mail/templates/account-notices';
import { queueMail } from '../mail-queue';
import { isCommonPassword } from '../common-passwords';
import { ConflictError, ValidationError } from '../errors';
import { parseBody } from '../parse';
import { type AccountsDeps, type AccountTools, BAD_VERIFY_LINK, COMMON_PASSWORD, sha256, USERNAME_TAKEN } from './account-tools';

export function registration({ db, mail, logger, siteFacts }: AccountsDeps, { queueVerification, userOrGone }: AccountTools) {
  return {
    /**
     * An existing email gets the same answer in the same time (hash and mail either way); the mail
     * tells the owner instead, so the form never says who has an account (ADR 043).
     */
    async register(body: unknown, origin: string): Promise<void> {
      // Every problem in one answer, so nobody sends the form twice to learn the second.
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
        // ADR 015.
        const user = await db.transaction().execute(async (trx) => {
          const created = await insertUser(trx, { ...input, passwordHash });
          await queueVerification(trx, created, site, now);
          return created;
        });
        mail.kick();
        logger.info({ userId: user.id }, 'account registered');
      } catch (error) {
        // A race for one email or username: the unique index decides, and the loser hears what everyone hears.
        if (error instanceof DuplicateKeyError) {
          logger.warn('registration lost a race for an email or username');
          return;
        }
        throw error;
      }
    },
    async resendVerification(userId: number, origin: string): Promise<void> {
      const user = await userOrGone(userId);
      if (user.emailVerifiedAt) throw new ConflictError({ email: 'Your email is already confirmed.' });
      const site = await siteFacts(origin);
      await db.transaction().execute((trx) => queueVerification(trx, user, site, new Date()));
      mail.kick();
    },
    /** Claims the gifts made signed out with the address in the same transaction: never before, so nobody claims gifts by typing someone's email. */
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
  };
}
