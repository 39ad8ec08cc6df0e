import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { StaffMember } from '../../../common/back-office';
import { INVITE_HOURS, RECOVERY_CODE_COUNT, SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '../../../common/staff';
import { SecondFactorSchema, SetUpAccountSchema, StaffSignInSchema } from '../../../common/staff.wire';
import type { Db } from '../../db/database';
import type { StaffSessionStage } from '../../db/schema';
import {
  advanceTotpStep,
  consumeInvite,
  consumeRecoveryCode,
  countFailedCode,
  countUnusedRecoveryCodes,
  deleteEndedSessions,
  deleteRecoveryCodes,
  expireInvites,
  findLiveInvite,
  findSession,
  findStaff,
  findStaffByEmail,
  insertSession,
  lockSecondFactor,
  promoteSession,
  replaceRecoveryCodes,
  revokeSession,
  revokeSessionsOf,
  touchSession,
  updateStaff,
  type StaffRecord,
  type StaffSessionRecord,
} from '../../db/repositories/staff';
import type { Logger } from '../../logger';
import { staffSignInAlertEmail } from '../../mail/templates/staff-sign-in-alert';
import type { MailSiteFacts } from '../../mail/templates/site';
import { recordAudit } from '../back-office/audit';
import type { Counters } from '../counters';
import { isCommonPassword } from '../common-passwords';
import { ValidationError } from '../errors';
import { queueMail, type MailDelivery } from '../mail-queue';
import { parseBody } from '../parse';
import {
  ACCOUNT_WINDOW_MS,
  ALERT_AFTER_WRONG_PASSWORDS,
  CODE_WINDOW_MS,
  forgetWrongCodes,
  SIGN_IN_WINDOW_MS,
  SIGN_INS_PER_NETWORK,
  signInKeys,
  tooManySignIns,
  WRONG_CODES_PER_ACCOUNT,
  WRONG_PASSWORDS_PER_ACCOUNT,
  WRONG_PASSWORDS_PER_NETWORK,
} from './sign-in-limits';
import { newRecoveryCode, normaliseRecoveryCode, randomToken, sha256 } from './secrets';
import { newTotpSecret, totpEnrolment, totpStep } from './totp';

const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
const ABSOLUTE_MS = SESSION_ABSOLUTE_HOURS * 60 * 60_000;
const HALFWAY_MS = 15 * 60_000;
/** A write per click would be a write per page view. */
const TOUCH_EVERY_MS = 60_000;

const WRONG_CODES_PER_SESSION = 5;

const WRONG_PASSWORD = 'That email and password do not match a staff account.';
const EXPIRED_LINK = 'This set-up link has expired or was already used. Ask an admin for a new one.';
const WRONG_CODE = 'That code is not right. Codes change every 30 seconds: type the one your app shows now.';
const LOCKED =
  'Sign-in codes for this account are locked after too many wrong ones, and we have emailed you. Ask an admin to send you a new set-up link or to reset your two-step sign-in.';

export const INVITE_MS = INVITE_HOURS * 60 * 60_000;

export function toStaffMember(record: StaffRecord): StaffMember {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    status: record.status,
    totpEnabled: record.totpEnabled,
    secondFactorLocked: record.secondFactorLockedAt !== null,
    lastSignInAt: record.lastSignInAt,
    createdAt: record.createdAt,
  };
}

export interface LiveStaffSession {
  /** Never the cookie's value. */
  id: string;
  staff: StaffRecord;
  stage: StaffSessionStage;
  createdAt: string;
}

export type SessionLookup = { session: LiveStaffSession } | { session: null; ended: boolean };

export interface SignInMeta {
  address: string | null;
  /** IPv6 by its /64 (one subscriber's block). */
  network: string | null;
  userAgent: string | null;
  /** The account-wide brake lets a known device through (ADR 043). */
  knownDevice?: boolean;
}

export interface StaffAuthDeps {
  db: Db;
  counters: Counters;
  logger: Logger;
  mail: MailDelivery;
  siteFacts: () => Promise<MailSiteFacts>;
  issuer: () => Promise<string>;
  clock?: () => Date;
}

const selfActor = (staff: StaffRecord, address: string | null) => ({ id: staff.id, email: staff.email, role: staff.role, address });

/** Argon2id passwords, sessions stored by token hash, TOTP with replay protection, single-use recovery codes. */
export function createStaffAuth({ db, counters, logger, mail, siteFacts, issuer, clock = () => new Date() }: StaffAuthDeps) {
  // Verifying against this when the email is unknown makes both failures take the same time.
  const dummyHash = hash(randomBytes(16).toString('hex'));

  async function startSession(staff: StaffRecord, stage: StaffSessionStage, meta: SignInMeta): Promise<string> {
    const token = randomToken();
    const now = clock();
    const lifetime = stage === 'full' ? ABSOLUTE_MS : HALFWAY_MS;
    await db.transaction().execute(async (trx) => {
      await insertSession(trx, {
        id: sha256(token),
        staffId: staff.id,
        stage,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + lifetime).toISOString(),
        userAgent: meta.userAgent,
      });
      if (stage !== 'full') return;
      await updateStaff(trx, staff.id, { lastSignInAt: now.toISOString() }, now.toISOString());
      await recordAudit(trx, selfActor(staff, meta.address), { action: 'signed_in', subject: `staff:${staff.id}`, summary: `${staff.email} signed in` }, now);
    });
    return token;
  }

  async function alert(staff: StaffRecord, kind: 'passwords' | 'codes', attempts: number, minutes: number): Promise<void> {
    const message = staffSignInAlertEmail({ to: staff.email, name: staff.name, kind, attempts, minutes, site: await siteFacts() });
    await queueMail(db, message, { purpose: `staff_sign_in_${kind}` }, clock());
    mail.kick();
  }

  /** Locks once, whichever instance gets there first; ends every session of the person. */
  async function lockCodes(staff: StaffRecord, address: string | null, attempts: number): Promise<void> {
    const now = clock();
    const locked = await db.transaction().execute(async (trx) => {
      await revokeSessionsOf(trx, staff.id, now.toISOString());
      if (!(await lockSecondFactor(trx, staff.id, now.toISOString()))) return false;
      await recordAudit(
        trx,
        { id: null, email: staff.email, address },
        { action: 'two_factor_locked', subject: `staff:${staff.id}`, summary: `Sign-in codes of ${staff.email} locked after ${attempts} wrong codes`, after: { attempts } },
        now,
      );
      return true;
    });
    if (!locked) return;
    logger.warn({ staffId: staff.id, address }, 'staff sign-in codes locked after too many wrong codes');
    await alert(staff, 'codes', attempts, CODE_WINDOW_MS / 60_000);
  }

  async function wrongPassword(staff: StaffRecord | null, email: string, meta: SignInMeta): Promise<void> {
    const network = meta.network ?? 'unknown';
    const fromHere = await counters.hit(signInKeys.accountFromNetwork(email, network), SIGN_IN_WINDOW_MS);
    const everywhere = await counters.hit(signInKeys.account(email), ACCOUNT_WINDOW_MS);
    logger.warn({ email, address: meta.address, staffId: staff?.id ?? null }, 'staff sign-in refused');
    if (!staff) return;
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const actor = { id: null, email: staff.email, address: meta.address };
      await recordAudit(trx, actor, { action: 'sign_in_failed', subject: `staff:${staff.id}`, summary: `Wrong password for ${staff.email}` }, now);
      if (fromHere.hits === WRONG_PASSWORDS_PER_NETWORK) {
        await recordAudit(trx, actor, { action: 'sign_in_held_back', subject: `staff:${staff.id}`, summary: `Sign-in as ${staff.email} from this network held back for ${SIGN_IN_WINDOW_MS / 60_000} minutes after ${fromHere.hits} wrong passwords` }, now);
      }
      if (everywhere.hits === WRONG_PASSWORDS_PER_ACCOUNT) {
        await recordAudit(trx, actor, { action: 'sign_in_locked', subject: `staff:${staff.id}`, summary: `Sign-in as ${staff.email} locked for up to an hour after ${everywhere.hits} wrong passwords from several networks` }, now);
      }
    });
    // Once an hour at most: a mail per try would be a flood of its own.
    if (everywhere.hits >= ALERT_AFTER_WRONG_PASSWORDS && (await counters.hit(signInKeys.alerted(staff.id), ACCOUNT_WINDOW_MS)).hits === 1) {
      await alert(staff, 'passwords', everywhere.hits, ACCOUNT_WINDOW_MS / 60_000);
    }
  }

  /** Everyone uses a code: a volunteer's password alone would open every supporter's details. */
  const stageAfterPassword = (staff: StaffRecord): StaffSessionStage => (staff.totpEnabled ? 'second_factor' : 'enrol');

  function isOver(session: StaffSessionRecord, now: Date): boolean {
    return (
      session.revokedAt !== null ||
      Date.parse(session.expiresAt) <= now.getTime() ||
      Date.parse(session.lastSeenAt) + IDLE_MS <= now.getTime()
    );
  }

  async function lookup(token: string | null | undefined): Promise<SessionLookup> {
    if (!token || token.length > 100) return { session: null, ended: false };
    const id = sha256(token);
    const record = await findSession(db, id);
    if (!record) return { session: null, ended: false };
    const now = clock();
    if (isOver(record, now)) {
      if (record.revokedAt === null) await revokeSession(db, id, now.toISOString());
      return { session: null, ended: true };
    }
    const staff = await findStaff(db, record.staffId);
    if (!staff || staff.status !== 'active') {
      await revokeSession(db, id, now.toISOString());
      return { session: null, ended: true };
    }
    if (now.getTime() - Date.parse(record.lastSeenAt) >= TOUCH_EVERY_MS) await touchSession(db, id, now.toISOString());
    // Reset by an admin since signing in.
    const stage = record.stage === 'full' && !staff.totpEnabled ? 'enrol' : record.stage;
    return { session: { id, staff, stage, createdAt: record.createdAt } };
  }

  async function assertNetworkAllowed(network: string | null): Promise<void> {
    if (!network) return;
    const counter = await counters.hit(signInKeys.network(network), SIGN_IN_WINDOW_MS);
    if (counter.hits > SIGN_INS_PER_NETWORK) throw tooMany(counter.resetAt);
  }

  const tooMany = (resetAt: string) => tooManySignIns(resetAt, clock());

  /** A TOTP code is never accepted twice; a recovery code is used up. */
  async function checkSecondFactor(staff: StaffRecord, typed: string, address: string | null): Promise<boolean> {
    const now = clock();
    if (staff.totpSecret && /^\s*\d{3}\s?\d{3}\s*$/.test(typed)) {
      const step = await totpStep(staff.totpSecret, typed, staff.totpLastStep, now);
      return step !== null && (await advanceTotpStep(db, staff.id, step, now.toISOString()));
    }
    const used = await db.transaction().execute(async (trx) => {
      if (!(await consumeRecoveryCode(trx, staff.id, sha256(normaliseRecoveryCode(typed)), now.toISOString()))) return false;
      const left = await countUnusedRecoveryCodes(trx, staff.id);
      await recordAudit(trx, selfActor(staff, address), { action: 'recovery_code_used', subject: `staff:${staff.id}`, summary: `Signed in with a recovery code (${left} left)`, after: { left } }, now);
      return true;
    });
    return used;
  }

  async function issueRecoveryCodes(staffId: number, now: Date, trx: Parameters<typeof replaceRecoveryCodes>[0]): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await replaceRecoveryCodes(trx, staffId, codes.map((c) => sha256(normaliseRecoveryCode(c))), now.toISOString());
    return codes;
  }

  return {
    lookup,

    async signIn(input: unknown, meta: SignInMeta): Promise<{ token: string; stage: StaffSessionStage }> {
      await assertNetworkAllowed(meta.network);
      const { email, password } = parseBody(StaffSignInSchema, input);
      // Before the password, so a held-back guesser learns nothing from the answer.
      const fromHereKey = signInKeys.accountFromNetwork(email, meta.network ?? 'unknown');
      const fromHere = await counters.get(fromHereKey);
      if (fromHere && fromHere.hits >= WRONG_PASSWORDS_PER_NETWORK) throw tooMany(fromHere.resetAt);
      const everywhere = await counters.get(signInKeys.account(email));
      if (everywhere && everywhere.hits >= WRONG_PASSWORDS_PER_ACCOUNT && !meta.knownDevice) throw tooMany(everywhere.resetAt);
      const staff = await findStaffByEmail(db, email);
      const ok = await verify(staff?.passwordHash ?? (await dummyHash), password).catch(() => false);
      if (!staff || !staff.passwordHash || !ok || staff.status !== 'active') {
        await wrongPassword(staff && staff.status === 'active' ? staff : null, email, meta);
        throw new ValidationError({ password: WRONG_PASSWORD });
      }
      // The owner's network starts afresh; the account-wide count and the wrong codes do not.
      await counters.reset(fromHereKey);
      if (staff.secondFactorLockedAt) throw new ValidationError({ form: LOCKED });
      const stage = stageAfterPassword(staff);
      logger.info({ staffId: staff.id, stage }, 'staff password accepted');
      return { token: await startSession(staff, stage, meta), stage };
    },

    async secondFactor(session: LiveStaffSession, input: unknown, meta: SignInMeta): Promise<{ token: string }> {
      if (session.stage !== 'second_factor') throw new ValidationError({ code: 'Sign in with your password first.' });
      await assertNetworkAllowed(meta.network);
      const { code } = parseBody(SecondFactorSchema, input);
      const staff = session.staff;
      if (staff.secondFactorLockedAt) {
        await revokeSession(db, session.id, clock().toISOString());
        throw new ValidationError({ code: LOCKED });
      }
      // Counted before checking, so codes sent at once never pass the limit; a right code takes it back.
      const counted = await counters.hit(signInKeys.wrongCodes(staff.id), CODE_WINDOW_MS);
      if (counted.hits > WRONG_CODES_PER_ACCOUNT) {
        await lockCodes(staff, meta.address, counted.hits - 1);
        throw new ValidationError({ code: LOCKED });
      }
      if (await checkSecondFactor(staff, code, meta.address)) {
        await counters.decrement(signInKeys.wrongCodes(staff.id));
        await revokeSession(db, session.id, clock().toISOString());
        logger.info({ staffId: staff.id }, 'staff signed in');
        return { token: await startSession(staff, 'full', meta) };
      }
      await recordAudit(db, { id: null, email: staff.email, address: meta.address }, { action: 'sign_in_failed', subject: `staff:${staff.id}`, summary: `Wrong sign-in code for ${staff.email}` }, clock());
      if (counted.hits >= WRONG_CODES_PER_ACCOUNT) {
        await lockCodes(staff, meta.address, counted.hits);
        throw new ValidationError({ code: LOCKED });
      }
      if ((await countFailedCode(db, session.id)) >= WRONG_CODES_PER_SESSION) {
        await revokeSession(db, session.id, clock().toISOString());
        logger.warn({ staffId: staff.id }, 'staff sign-in ended after too many wrong codes');
        throw new ValidationError({ code: 'Too many wrong codes. Please sign in again.' });
      }
      throw new ValidationError({ code: WRONG_CODE });
    },

    /** The pending secret is kept, so reloading shows the same QR code. */
    async enrolment(session: LiveStaffSession): Promise<{ secret: string; uri: string; qrSvgDataUrl: string }> {
      let secret = session.staff.totpSecret;
      if (session.staff.totpEnabled || !secret) {
        if (session.staff.totpEnabled) throw new ValidationError({ code: 'Two-step sign-in is already on.' });
        secret = newTotpSecret();
        await updateStaff(db, session.staff.id, { totpSecret: secret, totpEnabled: false, totpLastStep: null }, clock().toISOString());
      }
      return { secret, ...(await totpEnrolment(secret, await issuer(), session.staff.email)) };
    },

    /** The session becomes full in place, so the page showing the recovery codes still opens; other sessions end. */
    async finishEnrolment(session: LiveStaffSession, input: unknown, meta: { address: string | null }): Promise<{ recoveryCodes: string[] }> {
      const { code } = parseBody(SecondFactorSchema, input);
      const staff = (await findStaff(db, session.staff.id))!;
      if (staff.totpEnabled) throw new ValidationError({ code: 'Two-step sign-in is already on.' });
      if (!staff.totpSecret) throw new ValidationError({ code: 'Reload this page to get a QR code, then try again.' });
      const now = clock();
      const step = await totpStep(staff.totpSecret, code, null, now);
      if (step === null) throw new ValidationError({ code: WRONG_CODE });
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        await updateStaff(trx, staff.id, { totpEnabled: true, totpLastStep: step }, now.toISOString());
        const codes = await issueRecoveryCodes(staff.id, now, trx);
        await recordAudit(trx, selfActor(staff, meta.address), { action: 'two_factor_enabled', subject: `staff:${staff.id}`, summary: `${staff.email} turned on two-step sign-in`, before: { totpEnabled: false }, after: { totpEnabled: true } }, now);
        if (session.stage !== 'full') await recordAudit(trx, selfActor(staff, meta.address), { action: 'signed_in', subject: `staff:${staff.id}`, summary: `${staff.email} signed in` }, now);
        return codes;
      });
      await revokeSessionsOf(db, staff.id, now.toISOString(), session.id);
      if (session.stage !== 'full') {
        await promoteSession(db, session.id, new Date(Date.parse(session.createdAt) + ABSOLUTE_MS).toISOString(), now.toISOString());
        await updateStaff(db, staff.id, { lastSignInAt: now.toISOString() }, now.toISOString());
      }
      return { recoveryCodes };
    },

    /** The old ones stop working. */
    async newRecoveryCodes(session: LiveStaffSession, input: unknown, address: string | null): Promise<string[]> {
      const { code } = parseBody(SecondFactorSchema, input);
      const staff = (await findStaff(db, session.staff.id))!;
      if (!staff.totpEnabled || !staff.totpSecret) throw new ValidationError({ code: 'Turn on two-step sign-in first.' });
      const now = clock();
      const step = await totpStep(staff.totpSecret, code, staff.totpLastStep, now);
      if (step === null || !(await advanceTotpStep(db, staff.id, step, now.toISOString()))) throw new ValidationError({ code: WRONG_CODE });
      return db.transaction().execute(async (trx) => {
        const codes = await issueRecoveryCodes(staff.id, now, trx);
        await recordAudit(trx, selfActor(staff, address), { action: 'recovery_codes_renewed', subject: `staff:${staff.id}`, summary: `${staff.email} made new recovery codes` }, now);
        return codes;
      });
    },

    /** A lost phone is an admin's reset, never "off". */
    async turnOffTwoFactor(): Promise<never> {
      throw new ValidationError({ code: 'Two-step sign-in stays on for every staff member. Lost your phone? Ask an admin to reset it.' });
    },

    async recoveryCodesLeft(staffId: number): Promise<number> {
      return countUnusedRecoveryCodes(db, staffId);
    },

    async invitation(token: string): Promise<StaffMember | null> {
      if (!token || token.length > 100) return null;
      const invite = await findLiveInvite(db, sha256(token), clock().toISOString());
      const staff = invite ? await findStaff(db, invite.staffId) : null;
      return staff && staff.status !== 'disabled' ? toStaffMember(staff) : null;
    },

    /** Two-step sign-in starts over: the link is how a locked-out admin gets back in. */
    async acceptInvitation(token: string, input: unknown, meta: SignInMeta): Promise<{ token: string; stage: StaffSessionStage }> {
      await assertNetworkAllowed(meta.network);
      const form = parseBody(SetUpAccountSchema, input);
      if (isCommonPassword(form.password)) throw new ValidationError({ password: 'This password is too common. Please choose a less guessable one.' });
      // A made-up link costs a lookup, not an argon2 hash.
      if (!(await findLiveInvite(db, sha256(token), clock().toISOString()))) throw new ValidationError({ form: EXPIRED_LINK });
      const passwordHash = await hash(form.password);
      const now = clock();
      const staff = await db.transaction().execute(async (trx) => {
        const staffId = await consumeInvite(trx, sha256(token), now.toISOString());
        const found = staffId === null ? null : await findStaff(trx, staffId);
        if (!found || found.status === 'disabled') throw new ValidationError({ form: EXPIRED_LINK });
        await updateStaff(trx, found.id, { name: form.name, passwordHash, status: 'active', totpEnabled: false, totpSecret: null, totpLastStep: null, secondFactorLockedAt: null }, now.toISOString());
        await deleteRecoveryCodes(trx, found.id);
        await expireInvites(trx, found.id, now.toISOString());
        await revokeSessionsOf(trx, found.id, now.toISOString());
        await recordAudit(trx, selfActor(found, meta.address), { action: 'staff_set_up', subject: `staff:${found.id}`, summary: `${found.email} set a password from a set-up link`, before: { status: found.status, totpEnabled: found.totpEnabled }, after: { status: 'active', totpEnabled: false } }, now);
        return { ...found, name: form.name, status: 'active' as const, totpEnabled: false, totpSecret: null, secondFactorLockedAt: null };
      });
      await forgetWrongCodes(counters, staff.id);
      const stage = stageAfterPassword(staff);
      return { token: await startSession(staff, stage, meta), stage };
    },

    async purgeEndedSessions(): Promise<number> {
      return deleteEndedSessions(db, new Date(clock().getTime() - 24 * 60 * 60_000).toISOString());
    },

    async signOut(token: string | null | undefined, address: string | null): Promise<void> {
      if (!token || token.length > 100) return;
      const now = clock();
      await db.transaction().execute(async (trx) => {
        const ended = await revokeSession(trx, sha256(token), now.toISOString());
        const staff = ended?.stage === 'full' ? await findStaff(trx, ended.staffId) : null;
        if (staff) await recordAudit(trx, selfActor(staff, address), { action: 'signed_out', subject: `staff:${staff.id}`, summary: `${staff.email} signed out` }, now);
      });
    },
  };
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
