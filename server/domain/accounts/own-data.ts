import type { Dashboard, MyEventSignup } from '../../../common/accounts';
import { DeleteAccountSchema } from '../../../common/accounts.wire';
import { centsToDecimalString } from '../../../common/money';
import { refundNote } from '../../../common/payments';
import { nowIso } from '../../db/json';
import { deleteUser, findUserById } from '../../db/repositories/users';
import { accountRecords, applicantRecords, eraseAccountRecords } from '../../db/repositories/account-data';
import { listDonationsOfUser, listSignupsOfUser, type PaymentFacts } from '../../db/repositories/dashboard';
import { NotFoundError } from '../errors';
import { parseBody } from '../parse';
import { type AccountsDeps, type AccountTools } from './account-tools';

function paymentState(p: PaymentFacts) {
  return {
    status: p.status as 'paid' | 'partially_refunded' | 'refunded',
    refunded: centsToDecimalString(p.refundedCents),
    note: refundNote(p.status, p.statusReason, centsToDecimalString(p.refundedCents)),
  };
}

/** ADR 026. */
export function ownData({ db, logger, beforeDelete }: AccountsDeps, { claimGiftsOfVerified, userOrGone, assertPassword }: AccountTools) {
  return {
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
    /** Cancelled or fully refunded ones no longer stand. */
    async signupsForEvent(userId: number, eventNumber: number): Promise<MyEventSignup[]> {
      const signups = await listSignupsOfUser(db, userId, eventNumber);
      return signups
        .filter((s) => s.cancelledAt === null && s.status !== 'refunded')
        .map((s) => ({ id: s.id, teamName: s.teamName, people: s.people }));
    },
    /** Never a password hash or a token. */
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
        ...(await applicantRecords(db, userId)),
      };
    },
    /** Erases the person and keeps the money (ADR 026): payments and sign-ups stay, unowned and anonymised. */
    async deleteAccount(userId: number, body: unknown): Promise<void> {
      const { password } = parseBody(DeleteAccountSchema, body);
      const user = await userOrGone(userId);
      await assertPassword(user, password, 'password');
      await beforeDelete?.(userId);
      const now = nowIso();
      // Sessions go with the user row (ON DELETE CASCADE).
      await db.transaction().execute(async (trx) => {
        await eraseAccountRecords(trx, userId, user.email, now);
        await deleteUser(trx, userId);
      });
      logger.info({ userId }, 'account deleted');
    },
  };
}
