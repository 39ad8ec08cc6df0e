import { describe, expect, it } from 'vitest';
import type { StartedSession } from '../domain/supporter-sessions';
import { supporterCookies } from './supporter-cookies';

const started = (secret: string, expiresInMs: number) => ({ secret, session: { expiresAt: new Date(Date.now() + expiresInMs).toISOString() } }) as StartedSession;

describe('supporterCookies', () => {
  it('in production: __Host- names, Secure, HttpOnly on the session, never on the script-readable mark', () => {
    const cookies = supporterCookies(true);
    const [session, mark] = cookies.signIn(started('abc', 3_600_000));
    expect(session).toMatch(/^__Host-session=abc; Path=\/; Max-Age=3\d{3}; SameSite=Lax; HttpOnly; Secure$/);
    expect(mark).toMatch(/^signed_in=1; Path=\/; Max-Age=3\d{3}; SameSite=Lax; Secure$/);
    expect(cookies.knownDevice('n.m')).toMatch(/^__Host-device=n\.m; .*HttpOnly; Secure$/);
    expect(cookies.session('signed_in=1; __Host-session=abc')).toBe('abc');
    // A cookie named without the prefix (set by a sibling subdomain, say) is not the session.
    expect(cookies.session('session=forged')).toBeNull();
  });

  it('in development: plain names, no Secure; signing out expires both', () => {
    const cookies = supporterCookies(false);
    expect(cookies.signIn(started('abc', 60_000))[0]).not.toMatch(/Secure/);
    expect(cookies.signOut()).toEqual(['session=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly', 'signed_in=; Path=/; Max-Age=0; SameSite=Lax']);
    expect(cookies.marked('signed_in=1')).toBe(true);
    expect(cookies.marked('XSRF-TOKEN=x')).toBe(false);
  });
});
