import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, locationOf, setUpStaff, STAFF_PASSWORD, staffEmail, submit, totpCode } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';
import { issueSetUpLink } from '../../server/domain/staff/staff-management';

let server: TestServer;
const newClient = () => new ApiClient(server.url);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** Bodies a browser's form never sends (review finding 5). */
const NOT_FORMS: [string, { body?: string; headers?: Record<string, string> }][] = [
  ['text/plain', { body: 'a=b', headers: { 'content-type': 'text/plain' } }],
  ['JSON', { body: '{"a":"b"}', headers: { 'content-type': 'application/json' } }],
  ['XML', { body: '<a>b</a>', headers: { 'content-type': 'application/xml' } }],
  ['no content type and no body', {}],
  ['multipart without a boundary', { body: 'a=b', headers: { 'content-type': 'multipart/form-data' } }],
  ['truncated multipart', { body: '--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } }],
];

describe('a POST that is not a form (review finding 5)', () => {
  const anonymous = ['/admin/login', '/admin/invite/not-a-real-token', '/admin/logout'];

  it.each(anonymous.flatMap((path) => NOT_FORMS.map(([name, init]) => [path, name, init] as const)))('anonymous %s with %s gets 400 or 415', async (path, _name, init) => {
    const res = await newClient().request('POST', path, init);
    expect([400, 415]).toContain(res.status);
    expect(res.text).toMatch(/web form|could not be read/);
  });

  it('a signed-in staff member posting one to any back-office action gets 400 or 415, not a 500', async () => {
    const client = newClient();
    await setUpStaff(server, client, 'admin');
    for (const path of ['/admin/staff', '/admin/payments/1', '/admin/security', '/admin/media', '/admin/events/new', '/admin/logout']) {
      for (const [name, init] of NOT_FORMS) {
        const res = await client.request('POST', path, init);
        expect([400, 415], `${path} ${name}: ${res.status}`).toContain(res.status);
        expect(res.text).toMatch(/web form|could not be read/);
      }
    }
    expect((await client.get('/admin')).status).toBe(200);
  });
});

describe('?next= with a control character (review finding 5)', () => {
  it.each(['%0AX-Injected:%201', '%0D%0AX-Injected:%201', '%00', '%E2%80%A8', '%E2%80%A9'])('next=/admin%s: sign-in still works and lands on /admin', async (suffix) => {
    const admin = await setUpStaff(server, newClient(), 'admin');
    const client = newClient();
    const login = `/admin/login?next=/admin${suffix}`;
    const password = await submit(client, login, { email: admin.email, password: STAFF_PASSWORD });
    expect(password.status, password.text.slice(0, 200)).toBe(302);
    expect(locationOf(password)).toBe('/admin/login/code');
    const code = await submit(client, '/admin/login/code', { code: await totpCode(admin.secret!, new Date(admin.enrolledAt!.getTime() + 30_000)) });
    expect(code.status).toBe(302);
    expect(locationOf(code)).toBe('/admin');
    // Signed in, the sign-in page sends the person on, to /admin rather than to a 500.
    const again = await client.get(login);
    expect(again.status).toBe(302);
    expect(locationOf(again)).toBe('/admin');
    expect(csrfOf((await client.get('/admin')).text)).toBeTruthy();
  });
});

/** A GET with the path exactly as given (`\\` and all), which URL parsing would rewrite. */
function rawGet(path: string, cookie: string) {
  const url = new URL(server.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { cookie }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('back-office pages in any spelling (review finding 4)', () => {
  const VARIANTS = [
    '/ADMIN',
    '/Admin',
    '/Admin/donations',
    '/ADMIN/DONATIONS',
    '/%61dmin/donations',
    '/%61dmin/donations.data',
    '/ADMIN/DONATIONS.data',
    '/Admin/_root.data',
    '/ADMIN/PAYMENTS/1',
    '/admin\\donations',
    '/ADMIN/EVENTS',
    '/aDmIn/audit',
  ];

  it.each(VARIANTS)('%s, signed in, is never cached or indexed', async (path) => {
    const client = newClient();
    await setUpStaff(server, client, 'admin');
    const res = await rawGet(path, client.cookieHeader);
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers['cache-control'], path).toBe('no-store');
    expect(String(res.headers['x-robots-tag']), path).toContain('noindex');
  });

  it('the variants do serve staff pages (so the headers matter)', async () => {
    const client = newClient();
    const admin = await setUpStaff(server, client, 'admin');
    for (const path of ['/ADMIN', '/Admin/donations', '/%61dmin/donations', '/admin\\donations', '/aDmIn/audit']) {
      const res = await rawGet(path, client.cookieHeader);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain(admin.email);
    }
  });
});

describe('smaller points (review finding 14)', () => {
  it('a volunteer, too, must set up two-step sign-in before seeing anything, and cannot turn it off', async () => {
    const client = newClient();
    const { token } = await issueSetUpLink(server.db, { email: staffEmail('volunteer'), role: 'volunteer' });
    const accepted = await submit(client, `/admin/invite/${token}`, { name: 'Val', password: STAFF_PASSWORD, confirm: STAFF_PASSWORD });
    expect(locationOf(accepted)).toBe('/admin/security');
    for (const path of ['/admin', '/admin/donations', '/admin/donations.csv']) expect(locationOf(await client.get(path)), path).toBe('/admin/security');

    const volunteer = newClient();
    const person = await setUpStaff(server, volunteer, 'volunteer');
    const off = await submit(volunteer, '/admin/security', { intent: 'disable', code: await totpCode(person.secret, new Date(person.enrolledAt.getTime() + 30_000)) });
    expect(off.status).toBe(400);
    expect(off.text).toContain('stays on for every staff member');
    expect((await server.db.selectFrom('staff').select('totp_enabled').where('email', '=', person.email).executeTakeFirstOrThrow()).totp_enabled).toBe(1);
    // Signing in again asks for the code.
    expect(locationOf(await submit(newClient(), '/admin/login', { email: person.email, password: STAFF_PASSWORD }))).toBe('/admin/login/code');
  });

  it('the old password stops working as soon as a new set-up link is issued', async () => {
    const person = await setUpStaff(server, newClient(), 'admin');
    const { token } = await issueSetUpLink(server.db, { email: person.email, role: 'admin' });
    const old = await submit(newClient(), '/admin/login', { email: person.email, password: STAFF_PASSWORD });
    expect(old.status).toBe(400);
    expect(old.text).toContain('That email and password do not match');
    const fresh = 'a-brand-new-staff-password';
    expect(locationOf(await submit(newClient(), `/admin/invite/${token}`, { name: 'Again', password: fresh, confirm: fresh }))).toBe('/admin/security');
    expect(locationOf(await submit(newClient(), '/admin/login', { email: person.email, password: fresh }))).toBe('/admin/security');
  });
});
