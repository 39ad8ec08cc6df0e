import type { StaffActor, StaffMember, StaffRole } from '../../../common/back-office';
import { INVITE_HOURS } from '../../../common/staff';
import { InviteStaffSchema } from '../../../common/staff.wire';
import type { Db } from '../../db/database';
import {
  countActiveAdmins,
  deleteRecoveryCodes,
  expireInvites,
  findStaffByEmail,
  insertInvite,
  insertStaff,
  listStaff,
  lockStaff,
  revokeSessionsOf,
  updateStaff,
  type StaffRecord,
} from '../../db/repositories/staff';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { staffInviteEmail } from '../../mail/templates/staff-invite';
import type { MailSiteFacts } from '../../mail/templates/site';
import { recordAudit } from '../back-office/audit';
import type { Counters } from '../counters';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { queueMail, type MailDelivery } from '../mail-queue';
import { parseBody } from '../parse';
import { randomToken, sha256 } from './secrets';
import { forgetWrongCodes } from './sign-in-limits';
import { INVITE_MS, toStaffMember } from './staff-auth';
import { ROLE_WORDS } from '../../../common/staff';

type Trx = Transaction<Database>;

export interface StaffManagementDeps {
  db: Db;
  dialect: 'sqlite' | 'postgres';
  counters: Counters;
  mail: MailDelivery;
  logger: Logger;
  siteFacts: () => Promise<MailSiteFacts>;
  clock?: () => Date;
}

const COMMAND_LINE = { id: null, email: 'command line (npm run staff:add)', address: null };

const ONLY_ADMINS = 'Only an admin can manage staff.';

/** The old password stops working at once: a new link is what an admin sends for a possibly compromised account. */
async function newSetUpLink(trx: Trx, staff: StaffRecord, now: Date): Promise<string> {
  const token = randomToken();
  if (staff.passwordHash !== null) await updateStaff(trx, staff.id, { passwordHash: null }, now.toISOString());
  await expireInvites(trx, staff.id, now.toISOString());
  await insertInvite(trx, staff.id, sha256(token), new Date(now.getTime() + INVITE_MS).toISOString(), now.toISOString());
  return token;
}

/** `npm run staff:add`; also the way back in when every admin is locked out. */
export async function issueSetUpLink(
  db: Db,
  input: { email: string; role: StaffRole; name?: string },
  now: Date = new Date(),
): Promise<{ staff: StaffMember; token: string; created: boolean }> {
  const form = parseBody(InviteStaffSchema, { email: input.email, role: input.role, name: input.name ?? '' });
  return db.transaction().execute(async (trx) => {
    const existing = await findStaffByEmail(trx, form.email);
    const staff = existing ?? (await insertStaff(trx, { email: form.email, name: form.name, role: form.role, now: now.toISOString() }));
    if (existing) {
      await updateStaff(trx, staff.id, { role: form.role, status: existing.status === 'disabled' ? 'invited' : existing.status }, now.toISOString());
      await revokeSessionsOf(trx, staff.id, now.toISOString());
    }
    const token = await newSetUpLink(trx, staff, now);
    await recordAudit(
      trx,
      COMMAND_LINE,
      { action: existing ? 'staff_set_up_link' : 'staff_added', subject: `staff:${staff.id}`, summary: `Set-up link for ${staff.email} (${form.role}) from the command line`, before: existing ? { role: existing.role, status: existing.status } : null, after: { role: form.role } },
      now,
    );
    return { staff: toStaffMember({ ...staff, role: form.role }), token, created: !existing };
  });
}

/** Every change is audited, and the foundation is never left without an active admin. */
export function createStaffManagement({ db, dialect, counters, mail, logger, siteFacts, clock = () => new Date() }: StaffManagementDeps) {
  const lock = dialect === 'postgres';

  function assertAdmin(actor: StaffActor): void {
    if (actor.role !== 'admin') throw new ConflictError({ staff: ONLY_ADMINS });
  }

  async function target(trx: Trx, actor: StaffActor, staffId: number): Promise<StaffRecord> {
    assertAdmin(actor);
    const staff = await lockStaff(trx, staffId, lock);
    if (!staff) throw new NotFoundError({ staff: 'That staff member does not exist.' });
    if (staff.id === actor.id) throw new ConflictError({ staff: 'You cannot change your own account here. Ask another admin.' });
    return staff;
  }

  /** Someone must be able to refund and invite. */
  async function assertAnotherAdmin(trx: Trx, staff: StaffRecord): Promise<void> {
    if (staff.role === 'admin' && staff.status === 'active' && (await countActiveAdmins(trx)) <= 1) {
      throw new ConflictError({ staff: 'The foundation needs at least one active admin.' });
    }
  }

  return {
    async list(): Promise<StaffMember[]> {
      return (await listStaff(db)).map(toStaffMember);
    },

    async invite(actor: StaffActor, input: unknown): Promise<StaffMember> {
      assertAdmin(actor);
      const form = parseBody(InviteStaffSchema, input);
      const site = await siteFacts();
      const now = clock();
      const invited = await db.transaction().execute(async (trx) => {
        const existing = await findStaffByEmail(trx, form.email);
        if (existing && existing.status !== 'invited') {
          throw new ValidationError({ email: existing.status === 'disabled' ? 'This person has a disabled account: enable it instead.' : 'This person already has a staff account.' });
        }
        const staff = existing ?? (await insertStaff(trx, { email: form.email, name: form.name, role: form.role, now: now.toISOString() }));
        if (existing && (existing.role !== form.role || (form.name && existing.name !== form.name))) {
          await updateStaff(trx, staff.id, { role: form.role, ...(form.name ? { name: form.name } : {}) }, now.toISOString());
        }
        const token = await newSetUpLink(trx, staff, now);
        const message = staffInviteEmail({
          to: staff.email,
          name: form.name || staff.name,
          role: form.role,
          invitedBy: actor.email,
          setUpUrl: `${site.url}/admin/invite/${token}`,
          expiresInHours: INVITE_HOURS,
          site,
        });
        await queueMail(trx, message, { purpose: 'staff_invite', sensitive: true }, now);
        await recordAudit(
          trx,
          actor,
          { action: 'staff_invited', subject: `staff:${staff.id}`, summary: `Invited ${staff.email} as ${form.role}${existing ? ' (new link)' : ''}`, before: existing ? { role: existing.role } : null, after: { email: staff.email, role: form.role, status: 'invited' } },
          now,
        );
        return { ...staff, role: form.role, name: form.name || staff.name };
      });
      mail.kick();
      logger.info({ staffId: invited.id, by: actor.id }, 'staff invited');
      return toStaffMember(invited);
    },

    async changeRole(actor: StaffActor, staffId: number, role: StaffRole): Promise<StaffMember> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const staff = await target(trx, actor, staffId);
        if (staff.role === role) return toStaffMember(staff);
        if (role !== 'admin') await assertAnotherAdmin(trx, staff);
        await updateStaff(trx, staff.id, { role }, now.toISOString());
        await recordAudit(trx, actor, { action: 'staff_role_changed', subject: `staff:${staff.id}`, summary: `${staff.email} is now ${ROLE_WORDS[role]}`, before: { role: staff.role }, after: { role } }, now);
        return toStaffMember({ ...staff, role });
      });
    },

    async setEnabled(actor: StaffActor, staffId: number, enabled: boolean): Promise<StaffMember> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const staff = await target(trx, actor, staffId);
        const status = enabled ? (staff.passwordHash ? 'active' : 'invited') : 'disabled';
        if (staff.status === status) return toStaffMember(staff);
        if (!enabled) {
          await assertAnotherAdmin(trx, staff);
          await revokeSessionsOf(trx, staff.id, now.toISOString());
          await expireInvites(trx, staff.id, now.toISOString());
        }
        await updateStaff(trx, staff.id, { status }, now.toISOString());
        await recordAudit(trx, actor, { action: enabled ? 'staff_enabled' : 'staff_disabled', subject: `staff:${staff.id}`, summary: `${enabled ? 'Enabled' : 'Disabled'} ${staff.email}`, before: { status: staff.status }, after: { status } }, now);
        return toStaffMember({ ...staff, status });
      });
    },

    async resetTwoFactor(actor: StaffActor, staffId: number): Promise<StaffMember> {
      const now = clock();
      const reset = await db.transaction().execute(async (trx) => {
        const staff = await target(trx, actor, staffId);
        await updateStaff(trx, staff.id, { totpEnabled: false, totpSecret: null, totpLastStep: null, secondFactorLockedAt: null }, now.toISOString());
        await deleteRecoveryCodes(trx, staff.id);
        await revokeSessionsOf(trx, staff.id, now.toISOString());
        const summary = `Reset two-step sign-in of ${staff.email}${staff.secondFactorLockedAt ? ' (lifting the lock after wrong codes)' : ''}`;
        await recordAudit(trx, actor, { action: 'two_factor_reset', subject: `staff:${staff.id}`, summary, before: { totpEnabled: staff.totpEnabled, locked: staff.secondFactorLockedAt !== null }, after: { totpEnabled: false, locked: false } }, now);
        return toStaffMember({ ...staff, totpEnabled: false, secondFactorLockedAt: null });
      });
      await forgetWrongCodes(counters, staffId);
      return reset;
    },

    async endSessions(actor: StaffActor, staffId: number): Promise<number> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const staff = await target(trx, actor, staffId);
        const ended = await revokeSessionsOf(trx, staff.id, now.toISOString());
        await recordAudit(trx, actor, { action: 'staff_sessions_ended', subject: `staff:${staff.id}`, summary: `Signed ${staff.email} out everywhere (${ended} session${ended === 1 ? '' : 's'})`, after: { ended } }, now);
        return ended;
      });
    },
  };
}

export type StaffManagement = ReturnType<typeof createStaffManagement>;
