import { SIGNED_IN_COOKIE } from '../../common/accounts';
import type { StartedSession } from '../domain/supporter-sessions';

const KNOWN_DEVICE_SECONDS = 400 * 24 * 60 * 60;

/** One cookie's value from a Cookie header (names here are plain tokens, values base64url). */
function valueIn(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * The supporter's cookies (ADR 043): the session id (HttpOnly, Lax so a link from an email opens
 * the dashboard signed in), the script-readable "signed in" mark that goes and comes with it, and
 * the known-device proof that lets the owner in while a guesser is held back. `__Host-` in
 * production: no other host, not even a sibling subdomain, can set or shadow them.
 */
export function supporterCookies(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  const names = { session: `${prefix}session`, device: `${prefix}device` };
  const attributes = (maxAge: number, httpOnly: boolean) => `; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;

  return {
    /** Set-Cookie values that sign this browser in. */
    signIn({ secret, session }: StartedSession, now = Date.now()): string[] {
      const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - now) / 1000));
      return [`${names.session}=${secret}${attributes(maxAge, true)}`, `${SIGNED_IN_COOKIE}=1${attributes(maxAge, false)}`];
    },
    /** Set-Cookie values that sign it out (the known-device proof stays). */
    signOut(): string[] {
      return [`${names.session}=${attributes(0, true)}`, `${SIGNED_IN_COOKIE}=${attributes(0, false)}`];
    },
    knownDevice(value: string): string {
      return `${names.device}=${value}${attributes(KNOWN_DEVICE_SECONDS, true)}`;
    },
    session: (cookieHeader: string | null | undefined) => valueIn(cookieHeader, names.session),
    device: (cookieHeader: string | null | undefined) => valueIn(cookieHeader, names.device),
    /** The browser still says it is signed in: a stale mark to clear when its session has ended. */
    marked: (cookieHeader: string | null | undefined) => valueIn(cookieHeader, SIGNED_IN_COOKIE) !== null || valueIn(cookieHeader, names.session) !== null,
  };
}

export type SupporterCookies = ReturnType<typeof supporterCookies>;
