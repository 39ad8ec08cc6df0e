import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationOf, postForm, setUpStaff, staffEmail, submit } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';
import { NOT_FOR_REVIEWERS } from '../../app/admin/guard.server';

/** ADR 051: a scholarship reviewer sees only the back office's scholarship part, whatever they type. */

let server: TestServer;
let reviewer: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  reviewer = new ApiClient(server.url);
  await setUpStaff(server, reviewer, 'reviewer');
});
afterAll(() => server?.close());

const CLOSED_PAGES = [
  '/admin/donations',
  '/admin/donations.csv',
  '/admin/payments/1',
  '/admin/events',
  '/admin/events/new',
  '/admin/events/11/registrations',
  '/admin/events/11/registrations.csv',
  '/admin/events/11/check-in',
  '/admin/events/11/waiting-list',
  '/admin/announcements',
  '/admin/campaigns',
  '/admin/pages',
  '/admin/pages/home',
  '/admin/media',
  '/admin/staff',
  '/admin/giving',
  '/admin/audit',
];

const auditCount = async () => Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('a signed-in scholarship reviewer', () => {
  it('is sent from the overview to the scholarship part', async () => {
    const res = await reviewer.get('/admin');
    expect(res.status).toBe(302);
    expect(locationOf(res)).toBe('/admin/scholarship');
  });

  it.each(CLOSED_PAGES)('GET %s is refused with a reason and no data', async (path) => {
    const res = await reviewer.get(path);
    expect(res.status).toBe(403);
    expect(res.text).toContain(NOT_FOR_REVIEWERS);
    expect(res.text).not.toMatch(/\$\d|donor/i);
  });

  it.each([
    ['/admin/staff', { intent: 'invite', email: 'friend@example.org', role: 'admin' }],
    ['/admin/giving', { 'amount-0': '5', 'note-0': 'changed by a reviewer' }],
    ['/admin/payments/1', { intent: 'resend' }],
  ] as const)('POST %s is refused and changes nothing', async (path, fields) => {
    const before = await auditCount();
    const res = await postForm(reviewer, path, fields);
    expect(res.status).toBe(403);
    expect(await auditCount()).toBe(before);
    expect(await server.db.selectFrom('staff').select('id').where('email', '=', 'friend@example.org').executeTakeFirst()).toBeUndefined();
  });

  it('keeps their own security page, and the menu offers only the scholarship part', async () => {
    const res = await reviewer.get('/admin/security');
    expect(res.status).toBe(200);
    expect(res.text).toContain('href="/admin/scholarship"');
    for (const other of ['/admin/donations', '/admin/events', '/admin/media', '/admin/staff']) expect(res.text).not.toContain(`href="${other}"`);
  });

  it('sees no draft upload and no page preview', async () => {
    const admin = new ApiClient(server.url);
    await setUpStaff(server, admin, 'admin', { email: staffEmail('preview-admin') });
    const draft = await server.db
      .insertInto('media')
      .values({ key: 'abcdef0123456789', kind: 'pdf', content_type: 'application/pdf', width: null, height: null, file_name: 'draft.pdf', byte_size: 4, storage: 'database', staff_id: null, created_at: new Date().toISOString(), published: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('media_files').values({ media_id: draft.id, name: 'file.pdf', content_type: 'application/pdf', byte_size: 4, bytes: Buffer.from('%PDF') }).execute();
    expect((await admin.get('/media/u/abcdef0123456789/file.pdf')).status).toBe(200);
    expect((await reviewer.get('/media/u/abcdef0123456789/file.pdf')).status).toBe(404);
  });

  it('an admin can invite a reviewer, and the invitation says what a reviewer sees', async () => {
    const admin = new ApiClient(server.url);
    await setUpStaff(server, admin, 'admin', { email: staffEmail('inviter') });
    expect((await admin.get('/admin/staff')).text).toContain('<option value="reviewer">Scholarship reviewer</option>');
    const email = staffEmail('committee');
    const res = await submit(admin, '/admin/staff', { intent: 'invite', email, role: 'reviewer' });
    expect(res.status).toBeLessThan(400);
    const row = await server.db.selectFrom('staff').select('role').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.role).toBe('reviewer');
    const mail = await server.db.selectFrom('mail_outbox').select(['text_body']).where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('as a scholarship reviewer');
  });
});
