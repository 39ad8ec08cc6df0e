import { describe, expect, it } from 'vitest';
import type { BackOfficeDeps } from './back-office-context';
import { createBackOfficeContext } from './back-office-context';
import type { SignInMeta, StaffAuth } from '../../domain/staff/staff-auth';

/** The context over a staff sign-in that only records what it was asked. */
function contextWith(seen: SignInMeta[], secureCookies = false, stage: 'second_factor' | 'full' = 'second_factor') {
  const staffAuth = {
    signIn: async (_input: unknown, meta: SignInMeta) => {
      seen.push(meta);
      return { token: 'session-token', stage };
    },
  } as unknown as StaffAuth;
  return createBackOfficeContext({ staffAuth, secureCookies, secret: 's'.repeat(40) } as unknown as BackOfficeDeps);
}

const form = (): Record<string, string> => ({ email: 'a@b.org', password: 'x' });
const request = (cookie?: string) => new Request('http://localhost/admin/login', { method: 'POST', headers: cookie ? { cookie } : {} });

describe('known devices (ADR 043)', () => {
  it('a browser that finished a sign-in proves it on the next one, for that email only', async () => {
    const seen: SignInMeta[] = [];
    const backOffice = contextWith(seen, false, 'full')('203.0.113.9', null);
    const first = await backOffice.auth.signIn(request(), form());
    const device = first.ok ? first.setCookies.find((c) => c.startsWith('staff_device='))! : '';
    expect(device).toMatch(/HttpOnly/);
    const cookie = device.split(';')[0]!;
    await backOffice.auth.signIn(request(cookie), form());
    await backOffice.auth.signIn(request(cookie), { ...form(), email: 'someone@else.org' });
    await backOffice.auth.signIn(request('staff_device=forged'), form());
    expect(seen.map((meta) => meta.knownDevice)).toEqual([false, true, false, false]);
  });
});

describe('sign-in limits count by network (review finding 1)', () => {
  it('an IPv6 client counts by its /64, an IPv4 one (mapped or not) by its address', async () => {
    const seen: SignInMeta[] = [];
    const backOffice = contextWith(seen);
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:fffe', '2001:db8:1:3::1', '203.0.113.9', '::ffff:203.0.113.9']) {
      await backOffice(address, null).auth.signIn(request(), form());
    }
    expect(seen.map((meta) => meta.network)).toEqual(['2001:db8:1:2::/64', '2001:db8:1:2::/64', '2001:db8:1:3::/64', '203.0.113.9', '203.0.113.9']);
    // The audit log keeps the address itself.
    expect(seen[1]!.address).toBe('2001:db8:1:2:ffff:ffff:ffff:fffe');
  });
});

describe('staff cookies (review finding 14)', () => {
  it('carry the __Host- prefix in production: Path=/, Secure, no Domain', async () => {
    const backOffice = contextWith([], true)('203.0.113.9', null);
    const csrf = (await backOffice.auth.anonymousCsrf(new Request('https://www.example.org/admin/login'))).setCookie!;
    const step = await backOffice.auth.signIn(request(), form());
    const session = step.ok ? step.setCookies[0]! : '';
    for (const [name, cookie] of [
      ['__Host-staff_csrf', csrf],
      ['__Host-staff_session', session],
    ] as const) {
      expect(cookie.startsWith(`${name}=`), cookie).toBe(true);
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).not.toMatch(/Domain=/i);
    }
  });

  it('keep their plain names over plain HTTP (development, tests), where Secure cookies would not be sent back', async () => {
    const backOffice = contextWith([], false)(null, null);
    const csrf = (await backOffice.auth.anonymousCsrf(new Request('http://localhost/admin/login'))).setCookie!;
    expect(csrf).toMatch(/^staff_csrf=[^;]+; Path=\/; HttpOnly; SameSite=Strict$/);
  });
});
