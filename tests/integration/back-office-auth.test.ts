import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../helpers/accounts';
import { csrfOf, locationOf, postForm, setUpStaff, STAFF_PASSWORD, staffEmail, submit, totpCode } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';
import { issueSetUpLink } from '../../server/domain/staff/staff-management';

let server: TestServer;
const newClient = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Every back-office address but sign-in and set-up (the issue's list, the details and the unknown). */
const PROTECTED_PAGES = [
  '/admin',
  '/admin/donations',
  '/admin/donations.csv',
  '/admin/donations?q=a&page=2',
  '/admin/payments/1',
  '/admin/events',
  '/admin/events/11/registrations',
  '/admin/events/11/registrations.csv',
  '/admin/events/11/check-in',
  '/admin/events/11/waiting-list',
  '/admin/staff',
  '/admin/audit',
  '/admin/giving',
  '/admin/security',
  '/admin/no-such-page',
];

const PROTECTED_ACTIONS: [string, Record<string, string>][] = [
  ['/admin/payments/1', { intent: 'refund', amount: '1.00', reason: 'staff', note: 'x', requestKey: 'k1' }],
  ['/admin/payments/1', { intent: 'resend' }],
  ['/admin/events/11/check-in', { intent: 'checkin', person: 'player:1' }],
  ['/admin/events/11/waiting-list', { intent: 'hours', offerHours: '2' }],
  ['/admin/staff', { intent: 'invite', email: 'intruder@example.org', role: 'admin' }],
  ['/admin/staff', { intent: 'disable', staffId: '1' }],
  ['/admin/security', { intent: 'enable', code: '123456' }],
  ['/admin/giving', { 'amount-0': '5', 'note-0': 'changed by a stranger' }],
];

const auditCount = async () => Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A signed-in admin's session row, by the newest sign-in. */
const latestSession = (email: string) =>
  server.db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select(['staff_sessions.id', 'staff_sessions.stage', 'staff_sessions.revoked_at'])
    .where('staff.email', '=', email)
    .orderBy('staff_sessions.created_at', 'desc')
    .executeTakeFirstOrThrow();

async function expectSignInRedirect(client: ApiClient, path: string) {
  const res = await client.get(path);
  expect(res.status, `${path} answers a redirect`).toBe(302);
  expect(locationOf(res), path).toMatch(/^\/admin\/login(\?|$)/);
  expect(res.text, `${path} carries no data`).not.toMatch(/@|\$\d/);
}

describe('without a staff session', () => {
  it.each(PROTECTED_PAGES)('GET %s redirects to the staff sign-in and shows nothing', async (path) => {
    await expectSignInRedirect(newClient(), path);
  });

  it.each(PROTECTED_PAGES.filter((p) => !p.endsWith('.csv')))('the client-side data request for %s redirects too', async (path) => {
    const url = new URL(path, 'http://x');
    const res = await newClient().get(`${url.pathname === '/admin' ? '/admin/_root' : url.pathname}.data${url.search}`);
    expect([200, 202, 204, 302]).toContain(res.status);
    expect(res.text).not.toMatch(/@foundation|donor|\$\d/);
    if (res.status !== 302) expect(res.headers.get('x-remix-redirect') ?? res.text).toMatch(/admin\/login/);
  });

  it.each(PROTECTED_ACTIONS)('POST %s is refused and changes nothing', async (path, fields) => {
    const before = await auditCount();
    const res = await postForm(newClient(), path, fields);
    expect(res.status).toBe(302);
    expect(locationOf(res)).toMatch(/^\/admin\/login/);
    expect(await auditCount()).toBe(before);
    expect(await server.db.selectFrom('staff').select('id').where('email', '=', 'intruder@example.org').executeTakeFirst()).toBeUndefined();
  });

  it("an account holder's public token opens nothing", async () => {
    const client = newClient();
    const { authorization, token } = await signedInUser(client, 'supporter');
    for (const path of ['/admin', '/admin/donations', '/admin/staff']) {
      const res = await client.request('GET', path, { headers: { ...authorization, cookie: `staff_session=${token}; jwtToken=${token}` } });
      expect(res.status).toBe(302);
      expect(locationOf(res)).toMatch(/^\/admin\/login/);
    }
  });

  it('the sign-in and set-up pages answer without a session', async () => {
    const client = newClient();
    expect((await client.get('/admin/login')).status).toBe(200);
    expect((await client.get('/admin/invite/not-a-real-token')).status).toBe(410);
  });

  it.each(['/admin/login', '/admin', '/admin.data', '/admin/donations.csv'])('%s is never cached or indexed', async (path) => {
    const res = await newClient().get(path);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toContain('noindex');
  });
});

describe('set-up link and sign-in', () => {
  it('a set-up link works once', async () => {
    const email = staffEmail('once');
    const { token } = await issueSetUpLink(server.db, { email, role: 'volunteer' });
    const client = newClient();
    const res = await submit(client, `/admin/invite/${token}`, { name: 'Once', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    expect(res.status).toBe(302);
    // Signed in, with an authenticator still to set up (required of volunteers too).
    expect(locationOf(res)).toBe('/admin/security');
    expect((await client.get('/admin/security')).status).toBe(200);
    const other = newClient();
    expect((await other.get(`/admin/invite/${token}`)).status).toBe(410);
    const csrf = csrfOf((await other.get('/admin/login')).text);
    const again = await postForm(other, `/admin/invite/${token}`, { csrf, name: 'Twice', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    expect(again.status).toBe(400);
    expect(again.text).toContain('expired or was already used');
  });

  it('the session cookie is HttpOnly and SameSite=Strict', async () => {
    const { token } = await issueSetUpLink(server.db, { email: staffEmail('cookie'), role: 'volunteer' });
    const page = await fetch(`${server.url}/admin/invite/${token}`);
    const csrfCookie = page.headers.getSetCookie().find((c) => c.startsWith('staff_csrf='))!;
    expect(csrfCookie).toMatch(/HttpOnly/i);
    const res = await fetch(`${server.url}/admin/invite/${token}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrfCookie.split(';')[0]! },
      body: new URLSearchParams({ csrf: csrfOf(await page.text()), name: 'Cookie', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD }),
    });
    expect(res.status).toBe(302);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('staff_session='));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    // Path=/ so that /admin.data (the overview's data) carries it too; nothing public reads it.
    expect(session).toMatch(/Path=\/(;|$)/);
    // Secure is for production (HTTPS); the test server speaks plain HTTP on loopback.
    expect(session).not.toMatch(/Secure/i);
  });

  it('an admin signs in with password then code; the session is rotated, a reused or wrong code is refused, a recovery code works once', async () => {
    const client = newClient();
    const admin = await setUpStaff(server, client, 'admin');
    const enrolled = await latestSession(admin.email);

    const fresh = newClient();
    const password = await submit(fresh, '/admin/login', { email: admin.email, password: STAFF_PASSWORD });
    expect(password.status).toBe(302);
    expect(locationOf(password)).toBe('/admin/login/code');
    const halfway = await latestSession(admin.email);
    expect(halfway.stage).toBe('second_factor');
    expect((await fresh.get('/admin/donations')).status).toBe(302);

    // The code used at enrolment is refused: a code never works twice. (Taken from the enrolment's
    // moment, not now: a 30-second step may have turned since, and now's code would be new.)
    const reused = await submit(fresh, '/admin/login/code', { code: await totpCode(admin.secret!, admin.enrolledAt!) });
    expect(reused.status).toBe(400);
    expect(reused.text).toContain('That code is not right');
    const wrong = await submit(fresh, '/admin/login/code', { code: '000000' });
    expect(wrong.status).toBe(400);

    const next = await submit(fresh, '/admin/login/code', { code: await totpCode(admin.secret!, new Date(admin.enrolledAt!.getTime() + 30_000)) });
    expect(next.status).toBe(302);
    expect(locationOf(next)).toBe('/admin');
    const full = await latestSession(admin.email);
    expect(full.stage).toBe('full');
    expect(full.id).not.toBe(halfway.id);
    expect((await server.db.selectFrom('staff_sessions').select('revoked_at').where('id', '=', halfway.id).executeTakeFirstOrThrow()).revoked_at).not.toBeNull();
    expect(enrolled.id).not.toBe(full.id);
    expect((await fresh.get('/admin')).status).toBe(200);

    // A recovery code signs in once.
    const [code] = admin.recoveryCodes;
    const viaRecovery = newClient();
    await submit(viaRecovery, '/admin/login', { email: admin.email, password: STAFF_PASSWORD });
    const recovered = await submit(viaRecovery, '/admin/login/code', { code: code!.toLowerCase() });
    expect(recovered.status).toBe(302);
    const again = newClient();
    await submit(again, '/admin/login', { email: admin.email, password: STAFF_PASSWORD });
    expect((await submit(again, '/admin/login/code', { code: code! })).status).toBe(400);
  });

  it('five wrong codes end the halfway session', async () => {
    const admin = await setUpStaff(server, newClient(), 'admin');
    const client = newClient();
    await submit(client, '/admin/login', { email: admin.email, password: STAFF_PASSWORD });
    for (let i = 0; i < 4; i++) expect((await submit(client, '/admin/login/code', { code: '111111' })).status).toBe(400);
    const last = await submit(client, '/admin/login/code', { code: '111111' });
    expect(locationOf(last)).toBe('/admin/login?codes=1');
    expect((await client.get('/admin/login?codes=1')).text).toContain('Too many wrong codes');
    expect(locationOf(await client.get('/admin/login/code'))).toBe('/admin/login');
  });

  it('sign-in is limited per account and address: after five wrong passwords that address waits, even with the right one (review finding 3)', async () => {
    const email = staffEmail('limited');
    const { token } = await issueSetUpLink(server.db, { email, role: 'volunteer' });
    await submit(newClient(), `/admin/invite/${token}`, { name: 'Limited', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    const guesser = newClient();
    for (let i = 0; i < 5; i++) {
      const res = await submit(guesser, '/admin/login', { email, password: 'not-the-password' });
      expect(res.status).toBe(400);
      expect(res.text).toContain('That email and password do not match');
    }
    const locked = await submit(guesser, '/admin/login', { email, password: STAFF_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.text).toContain('Too many sign-in attempts');
    // Guessing from one address never locks the owner out: elsewhere, the right password works.
    expect((await submit(newClient(), '/admin/login', { email, password: STAFF_PASSWORD })).status).toBe(302);
  });

  it('sign-in is limited per address', async () => {
    const client = newClient();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await submit(client, '/admin/login', { email: staffEmail('nobody'), password: 'whatever-it-is' })).status;
    expect(last).toBe(429);
  });

  it('an admin who has not set up an authenticator can reach only the set-up page', async () => {
    const client = newClient();
    const email = staffEmail('enrol');
    const { token } = await issueSetUpLink(server.db, { email, role: 'admin' });
    const res = await submit(client, `/admin/invite/${token}`, { name: 'Enrol', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    expect(locationOf(res)).toBe('/admin/security');
    for (const path of ['/admin', '/admin/donations', '/admin/staff']) expect(locationOf(await client.get(path))).toBe('/admin/security');
    expect((await client.get('/admin/security')).status).toBe(200);
  });
});

describe('timeouts, revocation and CSRF', () => {
  it('a session idle for 30 minutes is refused', async () => {
    const client = newClient();
    const volunteer = await setUpStaff(server, client, 'volunteer');
    expect((await client.get('/admin')).status).toBe(200);
    const session = await latestSession(volunteer.email);
    await server.db.updateTable('staff_sessions').set({ last_seen_at: new Date(Date.now() - 31 * 60_000).toISOString() }).where('id', '=', session.id).execute();
    const res = await client.get('/admin');
    expect(res.status).toBe(302);
    expect(locationOf(res)).toBe('/admin/login?ended=1');
  });

  it('a session older than 12 hours is refused even when busy', async () => {
    const client = newClient();
    const volunteer = await setUpStaff(server, client, 'volunteer');
    const session = await latestSession(volunteer.email);
    await server.db.updateTable('staff_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', session.id).execute();
    expect(locationOf(await client.get('/admin/donations'))).toMatch(/^\/admin\/login/);
  });

  it('signing out ends the session on the server', async () => {
    const client = newClient();
    const volunteer = await setUpStaff(server, client, 'volunteer');
    const session = await latestSession(volunteer.email);
    const out = await submit(client, '/admin/logout', {}, '/admin');
    expect(locationOf(out)).toBe('/admin/login?signed_out=1');
    expect((await server.db.selectFrom('staff_sessions').select('revoked_at').where('id', '=', session.id).executeTakeFirstOrThrow()).revoked_at).not.toBeNull();
  });

  it('a form without its CSRF token, or with another session’s, is refused', async () => {
    const client = newClient();
    await setUpStaff(server, client, 'admin');
    const other = newClient();
    await setUpStaff(server, other, 'admin');
    const otherToken = csrfOf((await other.get('/admin/staff')).text);
    const invite = { intent: 'invite', email: staffEmail('csrf'), role: 'volunteer' };
    expect((await postForm(client, '/admin/staff', invite)).status).toBe(403);
    expect((await postForm(client, '/admin/staff', { ...invite, csrf: otherToken })).status).toBe(403);
    expect((await postForm(client, '/admin/staff', { ...invite, csrf: '' })).status).toBe(403);
    expect(await server.db.selectFrom('staff').select('id').where('email', '=', invite.email).executeTakeFirst()).toBeUndefined();
    expect((await submit(client, '/admin/staff', invite)).status).toBe(200);
    expect(await server.db.selectFrom('staff').select('id').where('email', '=', invite.email).executeTakeFirst()).toBeDefined();
  });

  it('the sign-in form needs its CSRF cookie and token too', async () => {
    const client = newClient();
    expect((await postForm(client, '/admin/login', { email: 'a@b.org', password: 'x' })).status).toBe(403);
  });
});

describe('roles', () => {
  let volunteer: ApiClient;
  beforeAll(async () => {
    volunteer = newClient();
    await setUpStaff(server, volunteer, 'volunteer');
  });

  it.each(['/admin/staff', '/admin/audit', '/admin/giving'])('a volunteer is refused %s, inside the back office, told why', async (path) => {
    const refused = await volunteer.get(path);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('Only an admin can do this.');
    expect(refused.text).toContain('<nav aria-label="Back office"');
    expect(refused.text).toContain('This cannot be done');
  });

  it('a form sent with an expired token is refused inside the back office, saying so', async () => {
    const expired = await postForm(volunteer, '/admin/events', { csrf: 'not-the-current-token', intent: 'delete', eventNumber: '1' });
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('This form has expired. Go back, reload the page and try again.');
    expect(expired.text).toContain('This cannot be done');
    expect(expired.text).toContain('Back to the overview');
  });

  it('a volunteer may read the lists', async () => {
    for (const path of ['/admin', '/admin/donations', '/admin/events']) expect((await volunteer.get(path)).status).toBe(200);
  });

  it('a volunteer cannot invite staff or refund', async () => {
    const token = csrfOf((await volunteer.get('/admin')).text);
    const before = await auditCount();
    expect((await postForm(volunteer, '/admin/staff', { csrf: token, intent: 'invite', email: staffEmail('sneaky'), role: 'admin' })).status).toBe(403);
    const refund = await postForm(volunteer, '/admin/payments/1', { csrf: token, intent: 'refund', amount: '1.00', reason: 'staff', note: 'no', requestKey: 'volunteer-try' });
    expect([403, 404]).toContain(refund.status);
    expect(await auditCount()).toBe(before);
  });

  it('a disabled staff member is signed out everywhere at once', async () => {
    const admin = newClient();
    await setUpStaff(server, admin, 'admin');
    const person = newClient();
    const member = await setUpStaff(server, person, 'volunteer');
    expect((await person.get('/admin')).status).toBe(200);
    const id = (await server.db.selectFrom('staff').select('id').where('email', '=', member.email).executeTakeFirstOrThrow()).id;
    const res = await submit(admin, '/admin/staff', { intent: 'disable', staffId: String(id) });
    expect(res.status).toBe(200);
    expect(res.text).toContain('is disabled');
    expect(locationOf(await person.get('/admin'))).toMatch(/^\/admin\/login/);
    expect((await submit(newClient(), '/admin/login', { email: member.email, password: STAFF_PASSWORD })).status).toBe(400);
  });

  it('the last active admin cannot be demoted or disabled, and nobody changes their own account', async () => {
    const admin = newClient();
    await setUpStaff(server, admin, 'admin');
    const myId = (await server.db.selectFrom('staff').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;
    const res = await submit(admin, '/admin/staff', { intent: 'role', staffId: String(myId), role: 'volunteer' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('cannot change your own account');
  });
});

describe('audit log', () => {
  it('records staff changes and the database refuses to edit or delete them', async () => {
    const admin = newClient();
    await setUpStaff(server, admin, 'admin');
    const email = staffEmail('audited');
    await submit(admin, '/admin/staff', { intent: 'invite', email, role: 'volunteer' });
    const page = await admin.get('/admin/audit');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`Invited ${email} as volunteer`);
    await expect(server.db.updateTable('audit_log').set({ summary: 'nothing happened' }).execute()).rejects.toThrow(/append-only/);
    await expect(server.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
