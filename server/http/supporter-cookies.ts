import { SIGNED_IN_COOKIE } from '../../common/accounts';
import type { StartedSession } from '../domain/supporter-sessions';

const KNOWN_DEVICE_SECONDS = 400 * 24 * 60 * 60;

/** Names here are plain tokens, values base64url. */
function valueIn(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * ADR 043: the session (HttpOnly, Lax so a link from an email opens signed in), a script-readable
 * "signed in" mark, and the known-device proof. `__Host-` in production so no subdomain can shadow them.
 */
export function supporterCookies(secure: boolean) {
  const prefix = secure ? '__Host-' : '';
  const names = { session: `${prefix}session`, device: `${prefix}device` };
  const attributes = (maxAge: number, httpOnly: boolean) => `; Path=/; Max-Age=${maxAge}; SameSite=Lax${httpOnly ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`;

  return {
    signIn({ secret, session }: StartedSession, now = Date.now()): string[] {
      const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - now) / 1000));
      return [`${names.session}=${secret}${attributes(maxAge, true)}`, `${SIGNED_IN_COOKIE}=1${attributes(maxAge, false)}`];
    },
    /** The known-device proof stays. */
    signOut(): string[] {
      return [`${names.session}=${attributes(0, true)}`, `${SIGNED_IN_COOKIE}=${attributes(0, false)}`];
    },
    knownDevice(value: string): string {
      return `${names.device}=${value}${attributes(KNOWN_DEVICE_SECONDS, true)}`;
    },
    session: (cookieHeader: string | null | undefined) => valueIn(cookieHeader, names.session),
    device: (cookieHeader: string | null | undefined) => valueIn(cookieHeader, names.device),
    /** A stale mark to clear when its session has ended. */
    marked: (cookieHeader: string | null | undefined) => valueIn(cookieHeader, SIGNED_IN_COOKIE) !== null || valueIn(cookieHeader, names.session) !== null,
  };
}

export type SupporterCookies = ReturnType<typeof supporterCookies>;
