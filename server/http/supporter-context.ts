import type { SupporterContext, SupporterOutcome } from '../../common/supporters';
import type { Accounts, SignInMeta } from '../domain/accounts';
import type { Counters } from '../domain/counters';
import { DomainError } from '../domain/errors';
import { claimsOf, type SupporterSessions } from '../domain/supporter-sessions';
import { ACCOUNT_LIMITS, limitKeys, withinAccountLimits } from './middleware/rate-limits';
import type { SupporterCookies } from './supporter-cookies';

const STATUS: Record<string, 400 | 401 | 409 | 429> = { unauthorized: 401, conflict: 409, too_many: 429 };

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
  // The forms count against the same limits, and the same counts, as the API's calls.
  const within = withinAccountLimits(counters);
  const { byAddress, byEmail, byUser } = limitKeys;
  const wrongPasswords = (field: string) => ({ field, message: (retry: string) => `Too many wrong passwords. Please try again ${retry}.` });

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
        outcome(() =>
          within([{ rule: ACCOUNT_LIMITS.register, by: byAddress(address) }], { field: 'auth', message: (retry) => `Too many new accounts from this network. Please try again ${retry}.` }, () =>
            accounts.register(fields, siteOrigin()),
          ),
        ),

      forgotPassword: (fields) =>
        outcome(() =>
          within(
            [
              { rule: ACCOUNT_LIMITS.forgotAddress, by: byAddress(address) },
              { rule: ACCOUNT_LIMITS.forgotInbox, by: byEmail(fields.email) },
            ],
            { field: 'email', message: (retry) => `Too many reset requests. Please try again ${retry}.` },
            () => accounts.forgotPassword(fields, siteOrigin()),
          ),
        ),

      resetPassword: (fields) =>
        outcome(() =>
          within([{ rule: ACCOUNT_LIMITS.resetAddress, by: byAddress(address) }], { field: 'token', message: (retry) => `Too many attempts. Please try again ${retry}.` }, () =>
            accounts.resetPassword(fields),
          ),
        ),

      dashboard: (supporter) => accounts.dashboard(supporter.id),
      account: (supporter) => accounts.account(supporter.id),
      signupsForEvent: (supporter, eventNumber) => accounts.signupsForEvent(supporter.id, eventNumber),

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
          const session = await sessionOf(request);
          await within([{ rule: ACCOUNT_LIMITS.confirmPassword, by: byUser(supporter.id) }], wrongPasswords('current'), () => accounts.changePassword(supporter.id, fields, session?.id ?? ''));
        }),

      async signOutEverywhere(supporter) {
        await accounts.signOutEverywhere(supporter.id);
        return cookies.signOut();
      },

      deleteAccount: (supporter, fields) =>
        outcome(async () => {
          await within([{ rule: ACCOUNT_LIMITS.confirmPassword, by: byUser(supporter.id) }], wrongPasswords('password'), () => accounts.deleteAccount(supporter.id, fields));
          return cookies.signOut();
        }),
    };
  };
}
