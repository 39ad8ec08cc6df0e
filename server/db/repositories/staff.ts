import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, StaffRole, StaffSessionStage, StaffStatus, StaffTable } from '../schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StaffRecord {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnabled: boolean;
  totpLastStep: number | null;
  secondFactorLockedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  updatedAt: string;
}

function toStaff(row: Selectable<StaffTable>): StaffRecord {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.status,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpEnabled: Number(row.totp_enabled) === 1,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    secondFactorLockedAt: row.second_factor_locked_at ?? null,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRecord | null> {
  const row = await db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
  return row ? toStaff(row) : null;
}

export async function findStaff(db: Executor, id: number): Promise<StaffRecord | null> {
  const row = await db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toStaff(row) : null;
}

/** Two admins changing one person queue up (PostgreSQL). */
export async function lockStaff(db: Executor, id: number, lock: boolean): Promise<StaffRecord | null> {
  let query = db.selectFrom('staff').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toStaff(row) : null;
}

export async function listStaff(db: Executor): Promise<StaffRecord[]> {
  return (await db.selectFrom('staff').selectAll().orderBy('status').orderBy('email').execute()).map(toStaff);
}

export async function countActiveAdmins(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(db: Executor, input: { email: string; name: string; role: StaffRole; now: string }): Promise<StaffRecord> {
  const row = await db
    .insertInto('staff')
    .values({ email: input.email.toLowerCase(), name: input.name, role: input.role, status: 'invited', created_at: input.now, updated_at: input.now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStaff(row);
}

export async function updateStaff(
  db: Executor,
  id: number,
  changes: Partial<{
    name: string;
    role: StaffRole;
    status: StaffStatus;
    passwordHash: string | null;
    totpSecret: string | null;
    totpEnabled: boolean;
    totpLastStep: number | null;
    secondFactorLockedAt: string | null;
    lastSignInAt: string;
  }>,
  now: string,
): Promise<void> {
  await db
    .updateTable('staff')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      ...(changes.totpSecret !== undefined ? { totp_secret: changes.totpSecret } : {}),
      ...(changes.totpEnabled !== undefined ? { totp_enabled: changes.totpEnabled ? 1 : 0 } : {}),
      ...(changes.totpLastStep !== undefined ? { totp_last_step: changes.totpLastStep } : {}),
      ...(changes.secondFactorLockedAt !== undefined ? { second_factor_locked_at: changes.secondFactorLockedAt } : {}),
      ...(changes.lastSignInAt !== undefined ? { last_sign_in_at: changes.lastSignInAt } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** One conditional UPDATE: a code is never accepted twice, even by two instances at once. */
export async function advanceTotpStep(db: Executor, id: number, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step, updated_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True only for the call that locked it (it sends the one mail). */
export async function lockSecondFactor(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ second_factor_locked_at: now, updated_at: now })
    .where('id', '=', id)
    .where('second_factor_locked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// Invitations (set-up links)

export async function insertInvite(db: Executor, staffId: number, tokenHash: string, expiresAt: string, now: string): Promise<void> {
  await db.insertInto('staff_invites').values({ staff_id: staffId, token_hash: tokenHash, expires_at: expiresAt, used_at: null, created_at: now }).execute();
}

export async function expireInvites(db: Executor, staffId: number, now: string): Promise<void> {
  await db.updateTable('staff_invites').set({ used_at: now }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
}

export async function findLiveInvite(db: Executor, tokenHash: string, now: string): Promise<{ staffId: number } | null> {
  const row = await db
    .selectFrom('staff_invites')
    .select('staff_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { staffId: Number(row.staff_id) } : null;
}

/** One conditional UPDATE, so a link used twice at once works once. */
export async function consumeInvite(db: Executor, tokenHash: string, now: string): Promise<number | null> {
  const row = await db
    .updateTable('staff_invites')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('staff_id')
    .executeTakeFirst();
  return row ? Number(row.staff_id) : null;
}

// Sessions

export interface StaffSessionRecord {
  id: string;
  staffId: number;
  stage: StaffSessionStage;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  revokedAt: string | null;
  failedCodes: number;
}

export async function insertSession(
  db: Executor,
  input: { id: string; staffId: number; stage: StaffSessionStage; now: string; expiresAt: string; userAgent: string | null },
): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({
      id: input.id,
      staff_id: input.staffId,
      stage: input.stage,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: input.expiresAt,
      revoked_at: null,
      user_agent: input.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
}

export async function findSession(db: Executor, id: string): Promise<StaffSessionRecord | null> {
  const row = await db.selectFrom('staff_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    staffId: Number(row.staff_id),
    stage: row.stage,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    failedCodes: Number(row.failed_codes),
  };
}

export async function touchSession(db: Executor, id: string, now: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function countFailedCode(db: Executor, id: string): Promise<number> {
  const row = await db
    .updateTable('staff_sessions')
    .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
    .where('id', '=', id)
    .returning('failed_codes')
    .executeTakeFirst();
  return row ? Number(row.failed_codes) : 0;
}

export async function promoteSession(db: Executor, id: string, expiresAt: string, now: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ stage: 'full', expires_at: expiresAt, last_seen_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Answers its owner when it was live until now (for the audit log). */
export async function revokeSession(db: Executor, id: string, now: string): Promise<{ staffId: number; stage: StaffSessionStage } | null> {
  const row = await db
    .updateTable('staff_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .returning(['staff_id', 'stage'])
    .executeTakeFirst();
  return row ? { staffId: Number(row.staff_id), stage: row.stage } : null;
}

export async function revokeSessionsOf(db: Executor, staffId: number, now: string, exceptId?: string): Promise<number> {
  let query = db.updateTable('staff_sessions').set({ revoked_at: now }).where('staff_id', '=', staffId).where('revoked_at', 'is', null);
  if (exceptId) query = query.where('id', '!=', exceptId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteEndedSessions(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Recovery codes

export async function replaceRecoveryCodes(db: Executor, staffId: number, hashes: string[], now: string): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await db
    .insertInto('staff_recovery_codes')
    .values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, used_at: null, created_at: now })))
    .execute();
}

/** One conditional UPDATE. */
export async function consumeRecoveryCode(db: Executor, staffId: number, codeHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Executor, staffId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodes(db: Executor, staffId: number): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
}
