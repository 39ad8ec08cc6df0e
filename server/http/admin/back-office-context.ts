import { ipKeyGenerator } from 'express-rate-limit';
import { createCookie } from 'react-router';
import type {
  ActionResult,
  AuthStep,
  BackOfficeActions,
  BackOfficeContext,
  BackOfficeExports,
  BackOfficeReports,
  StaffAuthPort,
  StaffPort,
  StaffSessionView,
} from '../../../common/back-office';
import type { BackOfficeContent } from '../../../common/content-admin';
import { DomainError, TooManyRequestsError } from '../../domain/errors';
import { knownDevices } from '../../domain/known-devices';
import { hmac, randomToken, sameSecret } from '../../domain/staff/secrets';
import { toStaffMember, type LiveStaffSession, type StaffAuth } from '../../domain/staff/staff-auth';
import type { StaffManagement } from '../../domain/staff/staff-management';
import { ROLE_WORDS } from '../../../common/staff';

export interface BackOfficeDeps {
  staffAuth: StaffAuth;
  staffManagement: StaffManagement;
  reports: BackOfficeReports;
  exports: BackOfficeExports;
  actions: BackOfficeActions;
  content: BackOfficeContent;
  secureCookies: boolean;
  /** Keys the CSRF tokens. */
  secret: string;
}

/** Path=/: the overview's data is at /admin.data, outside /admin, and `__Host-` requires Path=/. */
const COOKIE_PATH = '/';
const cookieName = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);
const IPV6_NETWORK_BITS = 64;

function failure(error: unknown): { ok: false; errors: Record<string, string>; status: 400 | 429 } {
  if (error instanceof TooManyRequestsError) return { ok: false, errors: error.fields, status: 429 };
  if (error instanceof DomainError) return { ok: false, errors: error.fields, status: 400 };
  throw error;
}

async function result(run: () => Promise<string>): Promise<ActionResult> {
  try {
    return { ok: true, message: await run() };
  } catch (error) {
    const { errors } = failure(error);
    return { ok: false, errors };
  }
}

/**
 * The back office for loaders and actions: staff sign-in behind a SameSite=Strict HttpOnly cookie,
 * CSRF tokens bound to the session (or a pre-sign-in cookie), domain errors as field errors.
 */
export function createBackOfficeContext({ staffAuth, staffManagement, reports, exports, actions, content, secureCookies, secret }: BackOfficeDeps) {
  const options = { httpOnly: true, sameSite: 'strict' as const, secure: secureCookies };
  const sessionCookie = createCookie(cookieName('staff_session', secureCookies), { ...options, path: COOKIE_PATH });
  const csrfCookie = createCookie(cookieName('staff_csrf', secureCookies), { ...options, path: COOKIE_PATH });
  const csrfKey = hmac(secret, 'staff-csrf');
  // A browser that finished a sign-in passes the account-wide guessing brake (ADR 043).
  const deviceCookie = createCookie(cookieName('staff_device', secureCookies), { ...options, path: COOKIE_PATH, maxAge: 400 * 24 * 60 * 60 });
  const devices = knownDevices(secret, 'staff');

  const tokenOf = async (request: Request): Promise<string | null> => {
    const value: unknown = await sessionCookie.parse(request.headers.get('Cookie'));
    return typeof value === 'string' ? value : null;
  };
  const setSession = (token: string) => sessionCookie.serialize(token);
  const clearSession = () => sessionCookie.serialize('', { expires: new Date(0), maxAge: 0 });
  const csrfFor = (live: LiveStaffSession) => hmac(csrfKey, `session:${live.id}`);

  return (clientAddress: string | null, userAgent: string | null): BackOfficeContext => {
    // Sign-in limits count an IPv6 client by its /64: one subscriber holds the whole block.
    const meta = { address: clientAddress, network: clientAddress ? ipKeyGenerator(clientAddress, IPV6_NETWORK_BITS) : null, userAgent };

    async function live(request: Request): Promise<LiveStaffSession | null> {
      const found = await staffAuth.lookup(await tokenOf(request));
      return found.session;
    }

    async function liveOrThrow(request: Request): Promise<LiveStaffSession> {
      const session = await live(request);
      if (!session) throw new Response('Sign in first.', { status: 401 });
      return session;
    }

    async function step(run: () => Promise<{ token: string; stage: StaffSessionView['stage'] }>, email?: string): Promise<AuthStep> {
      try {
        const { token, stage } = await run();
        const setCookies = [await setSession(token)];
        if (stage === 'full' && email) setCookies.push(await deviceCookie.serialize(devices.issue(email)));
        return { ok: true, stage, setCookies };
      } catch (error) {
        return failure(error);
      }
    }

    const auth: StaffAuthPort = {
      async session(request) {
        const found = await staffAuth.lookup(await tokenOf(request));
        if (!found.session) return { session: null, ended: found.ended };
        const { staff, stage } = found.session;
        return { session: { staff: toStaffMember(staff), stage, csrfToken: csrfFor(found.session) }, ended: false };
      },
      async anonymousCsrf(request) {
        const existing: unknown = await csrfCookie.parse(request.headers.get('Cookie'));
        if (typeof existing === 'string' && existing.length >= 32) return { token: hmac(csrfKey, `anonymous:${existing}`), setCookie: null };
        const fresh = randomToken();
        return { token: hmac(csrfKey, `anonymous:${fresh}`), setCookie: await csrfCookie.serialize(fresh) };
      },
      async csrfOk(request, fields, session) {
        const sent = fields.csrf;
        if (typeof sent !== 'string' || sent.length === 0) return false;
        if (session) return sameSecret(sent, session.csrfToken);
        const cookie: unknown = await csrfCookie.parse(request.headers.get('Cookie'));
        return typeof cookie === 'string' && cookie.length >= 32 && sameSecret(sent, hmac(csrfKey, `anonymous:${cookie}`));
      },
      async signIn(request, fields) {
        const device: unknown = await deviceCookie.parse(request.headers.get('Cookie'));
        const knownDevice = typeof device === 'string' && typeof fields.email === 'string' && devices.holds(device, fields.email);
        return step(() => staffAuth.signIn(fields, { ...meta, knownDevice }), fields.email);
      },
      async secondFactor(request, fields) {
        const session = await liveOrThrow(request);
        return step(async () => ({ ...(await staffAuth.secondFactor(session, fields, meta)), stage: 'full' as const }), session.staff.email);
      },
      async enrolment(request) {
        const session = await live(request);
        if (!session || session.staff.totpEnabled) return null;
        return staffAuth.enrolment(session);
      },
      async finishEnrolment(request, fields) {
        const session = await liveOrThrow(request);
        try {
          const done = await staffAuth.finishEnrolment(session, fields, meta);
          return { ok: true, recoveryCodes: done.recoveryCodes };
        } catch (error) {
          return failure(error);
        }
      },
      async newRecoveryCodes(request, fields) {
        const session = await liveOrThrow(request);
        try {
          return { ok: true, recoveryCodes: await staffAuth.newRecoveryCodes(session, fields, clientAddress) };
        } catch (error) {
          return failure(error);
        }
      },
      async turnOffTwoFactor(request) {
        await liveOrThrow(request);
        return result(() => staffAuth.turnOffTwoFactor());
      },
      async recoveryCodesLeft(request) {
        const session = await liveOrThrow(request);
        return staffAuth.recoveryCodesLeft(session.staff.id);
      },
      invitation: (token) => staffAuth.invitation(token),
      acceptInvitation: (_request, token, fields) => step(() => staffAuth.acceptInvitation(token, fields, meta)),
      async signOut(request) {
        await staffAuth.signOut(await tokenOf(request), clientAddress);
        return clearSession();
      },
    };

    const staff: StaffPort = {
      list: () => staffManagement.list(),
      invite: (actor, fields) =>
        result(async () => {
          const invited = await staffManagement.invite(actor, fields);
          return `Invitation sent to ${invited.email}. The link works for 72 hours.`;
        }),
      changeRole: (actor, staffId, role) =>
        result(async () => {
          const changed = await staffManagement.changeRole(actor, staffId, role);
          return `${changed.email} is now ${ROLE_WORDS[changed.role]}.`;
        }),
      setEnabled: (actor, staffId, enabled) =>
        result(async () => {
          const changed = await staffManagement.setEnabled(actor, staffId, enabled);
          return enabled ? `${changed.email} can sign in again.` : `${changed.email} is disabled and signed out everywhere.`;
        }),
      resetTwoFactor: (actor, staffId) =>
        result(async () => {
          const changed = await staffManagement.resetTwoFactor(actor, staffId);
          return `Two-step sign-in of ${changed.email} was reset. They set it up again at their next sign-in.`;
        }),
      endSessions: (actor, staffId) =>
        result(async () => {
          const ended = await staffManagement.endSessions(actor, staffId);
          return `Signed out of ${ended} session${ended === 1 ? '' : 's'}.`;
        }),
    };

    return { auth, staff, reports, exports, actions, content, clientAddress };
  };
}
