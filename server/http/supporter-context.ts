import type { SupporterContext, SupporterOutcome } from '../../common/supporters';
import type { Accounts, SignInMeta } from '../domain/accounts';
import type { Counters } from '../domain/counters';
import { DomainError, TooManyRequestsError } from '../domain/errors';
import { sha256 } from '../domain/staff/secrets';
import { claimsOf, type SupporterSessions } from '../domain/supporter-sessions';
import type { SupporterCookies } from './supporter-cookies';

const STATUS: Record<string, 400 | 401 | 409 | 429> = { unauthorized: 401, conflict: 409, too_many: 429 };
const FIFTEEN_MINUTES = 15 * 60_000;

interface Deps {
  accounts: Accounts;
  sessions: SupporterSessions;
  counters: Counters;
  cookies: SupporterCookies;
  siteOrigin: () => string;
}

function refused(error: unknown, setCookies: string[] = []): SupporterOutcome {
  if (error instanceof DomainError) return { ok: false, errors: error.fields, status: STATUS[error.code] ?? 400, setCookies };
  throw error;
}

async function outcome(run: () => Promise<string[] | void>): Promise<SupporterOutcome> {
  try {
    return { ok: true, setCookies: (await run()) ?? [] };
  } catch (error) {
    return refused(error);
  }
}

/** The account pages for loaders and actions (ADR 043): the same domain calls the API makes, with each answer's Set-Cookie values. */
export function createSupporterContext({ accounts, sessions, counters, cookies, siteOrigin }: Deps) {
  /** The API's limits, for forms that post to the page instead. */
  async function limit(name: string, key: string, max: number, field: string, message: string): Promise<void> {
    const counter = await counters.hit(`page:${name}:${sha256(key)}`, FIFTEEN_MINUTES);
    if (counter.hits > max) throw new TooManyRequestsError({ [field]: message }, 15 * 60);
  }

  return (address: string | null, userAgent: string | null): SupporterContext => {
    const meta = (request: Request): SignInMeta => ({ address, userAgent, device: cookies.device(request.headers.get('Cookie')) });
    const sessionOf = (request: Request) => sessions.fromCookie(cookies.session(request.headers.get('Cookie')));

    return {
      async current(request) {
        const session = await sessionOf(request);
        if (!session) return { supporter: null, setCookies: cookies.marked(request.headers.get('Cookie')) ? cookies.signOut() : [] };
        return { supporter: claimsOf(session.user), setCookies: [] };
      },

      logIn: (request, fields) =>
        outcome(async () => {
          const user = await accounts.login(fields, meta(request));
          const started = await accounts.startSession(user, 'cookie', meta(request));
          return [...cookies.signIn(started), cookies.knownDevice(accounts.knownDeviceFor(user.email))];
        }),

      async logOut(request) {
        const session = await sessionOf(request);
        if (session) await accounts.endSession(session.id);
        return cookies.signOut();
      },

      register: (fields) =>
        outcome(async () => {
          await limit('register', address ?? '', 100, 'auth', 'Too many new accounts from this network. Please try again later.');
          await accounts.register(fields, siteOrigin());
        }),

      forgotPassword: (fields) =>
        outcome(async () => {
          const message = 'Too many reset requests. Please try again in 15 minutes.';
          await limit('forgot-ip', address ?? '', 20, 'email', message);
          await limit('forgot-inbox', (fields.email ?? '').trim().toLowerCase(), 5, 'email', message);
          await accounts.forgotPassword(fields, siteOrigin());
        }),

      resetPassword: (fields) =>
        outcome(async () => {
          await limit('reset-ip', address ?? '', 30, 'token', 'Too many attempts. Please try again in 15 minutes.');
          await accounts.resetPassword(fields);
        }),

      dashboard: (supporter) => accounts.dashboard(supporter.id),
      account: (supporter) => accounts.account(supporter.id),

      async updateProfile(supporter, fields) {
        try {
          const { emailChanged } = await accounts.updateProfile(supporter.id, fields, siteOrigin());
          return { ok: true, setCookies: [], emailChanged };
        } catch (error) {
          return refused(error);
        }
      },

      changePassword: (supporter, fields, request) =>
        outcome(async () => {
          await limit('confirm-password', String(supporter.id), 10, 'current', 'Too many wrong passwords. Please try again in 15 minutes.');
          const session = await sessionOf(request);
          await accounts.changePassword(supporter.id, fields, session?.id ?? '');
        }),

      async signOutEverywhere(supporter) {
        await accounts.signOutEverywhere(supporter.id);
        return cookies.signOut();
      },

      deleteAccount: (supporter, fields) =>
        outcome(async () => {
          await limit('confirm-password', String(supporter.id), 10, 'password', 'Too many wrong passwords. Please try again in 15 minutes.');
          await accounts.deleteAccount(supporter.id, fields);
          return cookies.signOut();
        }),
    };
  };
}
