import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationOf, setUpStaff, STAFF_PASSWORD, submit, type SignedInStaff } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';
import { issueSetUpLink } from '../../server/domain/staff/staff-management';

let server: TestServer;
/** Each client signs in from an address of its own (tests/helpers/test-server.ts). */
const newClient = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const WRONG_CODE = '000000';

const mailsTo = (email: string, purpose: string) =>
  server.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).where('purpose', '=', purpose).execute();

const auditOf = async (email: string) => {
  const staff = await server.db.selectFrom('staff').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return server.db.selectFrom('audit_log').select(['action', 'summary', 'address']).where('subject', '=', `staff:${staff.id}`).orderBy('id').execute();
};

/** Password, then `codes` wrong codes, from a new address; answers the last code's response. */
async function guessCodes(email: string, codes: number) {
  const client = newClient();
  const password = await submit(client, '/admin/login', { email, password: STAFF_PASSWORD });
  expect(locationOf(password), password.text.slice(0, 300)).toBe('/admin/login/code');
  let last = password;
  for (let i = 0; i < codes; i++) last = await submit(client, '/admin/login/code', { code: WRONG_CODE });
  return last;
}

const locked = (res: { status: number; text: string }) => res.status === 400 && res.text.includes('locked after too many wrong ones');

describe('wrong sign-in codes are counted per account (review finding 1)', () => {
  let person: SignedInStaff;
  beforeAll(async () => {
    person = await setUpStaff(server, newClient(), 'admin');
  });

  it('a right password does not start the count again: the 10th wrong code across three sessions locks the second step', async () => {
    await guessCodes(person.email, 5); // the fifth ends that session
    await guessCodes(person.email, 4);
    const tenth = await guessCodes(person.email, 1);
    expect(locationOf(tenth)).toBe('/admin/login?codes=1');
    // Now even the right password leads nowhere: no code is checked any more.
    const after = await submit(newClient(), '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    expect(locked(after), after.text.slice(0, 300)).toBe(true);
  });

  it('the person is mailed once and the audit log has the lock and each wrong code', async () => {
    const mails = await mailsTo(person.email, 'staff_sign_in_codes');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/staff sign-in is locked/);
    expect(mails[0]!.text_body).toContain('new set-up link');
    const audit = await auditOf(person.email);
    expect(audit.filter((row) => row.action === 'sign_in_failed' && row.summary.includes('code'))).toHaveLength(10);
    expect(audit.filter((row) => row.action === 'two_factor_locked')).toHaveLength(1);
  });

  it("an admin's reset of two-step sign-in lifts the lock", async () => {
    const admin = newClient();
    await setUpStaff(server, admin, 'admin');
    const id = (await server.db.selectFrom('staff').select('id').where('email', '=', person.email).executeTakeFirstOrThrow()).id;
    const reset = await submit(admin, '/admin/staff', { intent: 'reset-2fa', staffId: String(id) });
    expect(reset.status).toBe(200);
    const again = await submit(newClient(), '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    expect(again.status).toBe(302);
    expect(locationOf(again)).toBe('/admin/security');
  });

  it('a new set-up link lifts it too, and codes sent at once are never checked past the limit', async () => {
    const other = await setUpStaff(server, newClient(), 'admin');
    // Six halfway sessions send five codes each, all at once: at most 10 are checked, then the step locks.
    const sessions = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const client = newClient();
        await submit(client, '/admin/login', { email: other.email, password: STAFF_PASSWORD });
        const csrf = /name="csrf" value="([^"]*)"/.exec((await client.get('/admin/login/code')).text)![1]!;
        return { client, form: new URLSearchParams({ csrf, code: WRONG_CODE }).toString() };
      }),
    );
    await Promise.all(
      sessions.flatMap(({ client, form }) =>
        Array.from({ length: 5 }, () => client.request('POST', '/admin/login/code', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })),
      ),
    );
    const failed = (await auditOf(other.email)).filter((row) => row.action === 'sign_in_failed');
    expect(failed.length).toBeLessThanOrEqual(10);
    expect(locked(await submit(newClient(), '/admin/login', { email: other.email, password: STAFF_PASSWORD }))).toBe(true);

    const { token } = await issueSetUpLink(server.db, { email: other.email, role: 'admin' });
    const setUp = await submit(newClient(), `/admin/invite/${token}`, { name: 'Again', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    expect(locationOf(setUp)).toBe('/admin/security');
  });
});

describe('wrong passwords hold back the guesser, never the owner (review finding 3)', () => {
  it('5 wrong passwords hold back that address; the right one from elsewhere gets in; the person is mailed once', async () => {
    const person = await setUpStaff(server, newClient(), 'admin');
    const guesser = newClient();
    for (let i = 0; i < 5; i++) expect((await submit(guesser, '/admin/login', { email: person.email, password: `wrong-${i}-password` })).status).toBe(400);
    // Held back: even the right password waits, from this address.
    const held = await submit(guesser, '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    expect(held.status).toBe(429);
    expect(held.text).toContain('Too many sign-in attempts');
    // The owner, elsewhere, with the email typed differently, goes on to the code.
    const owner = await submit(newClient(), '/admin/login', { email: ` ${person.email.toUpperCase()} `, password: STAFF_PASSWORD });
    expect(owner.status).toBe(302);
    expect(locationOf(owner)).toBe('/admin/login/code');
    // A second guesser: the count is per address, the mail once per hour.
    const second = newClient();
    for (let i = 0; i < 6; i++) await submit(second, '/admin/login', { email: person.email, password: `again-${i}-password` });
    expect(await mailsTo(person.email, 'staff_sign_in_passwords')).toHaveLength(1);
    const audit = await auditOf(person.email);
    expect(audit.filter((row) => row.action === 'sign_in_failed')).toHaveLength(10);
    expect(audit.filter((row) => row.action === 'sign_in_held_back')).toHaveLength(2);
  });

  it('past the account-wide ceiling (50 an hour from all addresses) every try waits, but a browser the owner signed in with before (ADR 043)', async () => {
    const person = await setUpStaff(server, newClient(), 'admin');
    // The owner signs in fully once on their own laptop: it keeps a known-device proof.
    const laptop = newClient();
    await submit(laptop, '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    const { totpCode } = await import('../helpers/staff');
    expect(locationOf(await submit(laptop, '/admin/login/code', { code: await totpCode(person.secret!, new Date(person.enrolledAt!.getTime() + 30_000)) }))).toBe('/admin');
    expect(laptop.cookie('staff_device')).toBeDefined();
    for (let guesser = 0; guesser < 10; guesser++) {
      const client = newClient();
      for (let i = 0; i < 5; i++) await submit(client, '/admin/login', { email: person.email, password: `wrong-${guesser}-${i}` });
    }
    const owner = await submit(newClient(), '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    expect(owner.status).toBe(429);
    expect((await auditOf(person.email)).filter((row) => row.action === 'sign_in_locked')).toHaveLength(1);
    await submit(laptop, '/admin/logout', {}, '/admin');
    expect(locationOf(await submit(laptop, '/admin/login', { email: person.email, password: STAFF_PASSWORD }))).toMatch(/^\/admin\/login\/code/);
  });
});

describe('sign-ins and sign-outs are audited (review finding 12)', () => {
  it('a sign-in, a sign-out and a made-up email', async () => {
    const person = await setUpStaff(server, newClient(), 'admin');
    const client = newClient();
    await submit(client, '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    const { totpCode } = await import('../helpers/staff');
    const code = await submit(client, '/admin/login/code', { code: await totpCode(person.secret!, new Date(person.enrolledAt!.getTime() + 30_000)) });
    expect(locationOf(code)).toBe('/admin');
    await submit(client, '/admin/logout', {}, '/admin');
    const actions = (await auditOf(person.email)).map((row) => row.action);
    expect(actions.filter((a) => a === 'signed_in').length).toBeGreaterThanOrEqual(2); // set-up, then this one
    expect(actions.at(-1)).toBe('signed_out');
    const before = Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect((await submit(newClient(), '/admin/login', { email: 'nobody-at-all@foundation.test', password: 'whatever-it-is' })).status).toBe(400);
    const after = Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
  });
});
