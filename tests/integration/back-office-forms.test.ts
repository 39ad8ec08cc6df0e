import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, golfEventFields } from '../helpers/events';
import { readOutbox } from '../helpers/outbox';
import { csrfOf, postForm, setUpStaff, submit } from '../helpers/staff';
import { expectRefused, pageHtml } from '../helpers/page-text';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';

/**
 * Every back-office form is read into its zod schema before anything is touched: bad input (empty,
 * huge, the wrong kind of value, script tags, control characters, a choice the form does not
 * offer) is a 400 with a message beside its field, and nothing is written.
 */

let server: TestServer;
let admin: ApiClient;
const run = Date.now().toString(36);

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
});
afterAll(() => server?.close());


/** Rows of the audit log since `since`, other than page views. */
const changesSince = async (since: number) =>
  (await server.db.selectFrom('audit_log').select(['action', 'subject']).where('id', '>', since).where('action', '!=', 'payment_viewed').execute()).map((r) => r.action);
const lastAuditId = async () => Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0);
const count = async (table: 'refunds' | 'announcements' | 'events' | 'media' | 'staff' | 'content_versions') =>
  Number((await server.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('the refund form', () => {
  let paymentId: number;
  const donor = `refund-form.${run}@example.org`;
  beforeAll(async () => {
    const client = server.client();
    const user = await signedInUser(client, 'refundform');
    const intent = await client.post('/api/stripe/donation_intent', { amount: '80.00', email: donor, message: 'gift' }, { headers: user.authorization });
    expect(intent.status, intent.text).toBe(201);
    const secret = (intent.json as unknown as { clientSecret: string }).clientSecret;
    expect((await payWithCard(client, secret)).status).toBe(200);
    paymentId = Number((await server.db.selectFrom('payments').select('id').where('intent_id', '=', secret.split('_secret_')[0]!).executeTakeFirstOrThrow()).id);
  });

  /** The refund form as the page posts it, with the page's own request key. */
  async function refund(fields: Record<string, string>) {
    const page = await admin.get(`/admin/payments/${paymentId}`);
    const requestKey = /name="requestKey" value="([^"]+)"/.exec(page.text)![1]!;
    return postForm(admin, `/admin/payments/${paymentId}`, { csrf: csrfOf(page.text), intent: 'refund', amount: '10.00', reason: 'staff', note: 'Asked by phone', requestKey, ...fields });
  }

  it('refuses a reason the form does not offer, bad amounts, notes and keys, beside their fields, and refunds nothing', async () => {
    const since = await lastAuditId();
    await expectRefused(refund({ reason: 'whim' }), 'Choose why the money goes back.');
    await expectRefused(refund({ reason: '<script>alert(1)</script>' }), 'Choose why the money goes back.');
    await expectRefused(refund({ reason: '' }), 'Choose why the money goes back.');
    for (const amount of ['0', '0.00', '-5', '1e3', '12.345', '9'.repeat(40), 'twenty', '<script>alert(1)</script>']) {
      await expectRefused(refund({ amount }), 'Enter an amount in dollars, like 20.00.');
    }
    await expectRefused(refund({ note: '   ' }), 'Say why, for the record.');
    await expectRefused(refund({ note: 'x'.repeat(501) }), 'Keep the note under 500 characters.');
    await expectRefused(refund({ note: 'a\u0000b' }), 'Remove the invisible control characters from the note.');
    await expectRefused(refund({ requestKey: 'short' }), 'This form has expired. Reload the page and try again.');
    await expectRefused(refund({ intent: 'refund-everything' }), 'Unknown action.');
    // A form with none of its fields: each says what it needs.
    const page = await admin.get(`/admin/payments/${paymentId}`);
    await expectRefused(postForm(admin, `/admin/payments/${paymentId}`, { csrf: csrfOf(page.text), intent: 'refund' }), 'Choose why the money goes back.', 'Say why, for the record.', 'This form has expired.');

    expect(await server.db.selectFrom('payments').select(['status', 'refunded_cents']).where('id', '=', paymentId).executeTakeFirstOrThrow()).toEqual({ status: 'paid', refunded_cents: 0 });
    expect(await server.db.selectFrom('refunds').select('id').where('payment_id', '=', paymentId).execute()).toEqual([]);
    expect(await changesSince(since)).toEqual([]);
    expect((await readOutbox(server.config.mail.outboxDir)).filter((m) => m.to === donor && /refunded/.test(m.subject))).toEqual([]);
  });

  it('keeps what was typed in the amount and note when it refuses', async () => {
    const res = await expectRefused(refund({ amount: '12.345', note: 'Typed & kept' }), 'Enter an amount in dollars');
    expect(pageHtml(res)).toContain('value="12.345"');
    expect(pageHtml(res)).toContain('Typed &amp; kept');
  });

  it('takes an amount as people type it, "$5.00" being 500 cents', async () => {
    const res = await refund({ amount: ' $5.00 ', reason: 'requested_by_customer' });
    expect(res.status, pageHtml(res).slice(0, 300)).toBe(200);
    expect(pageHtml(res)).toContain('Refunded $5.00.');
    expect(await server.db.selectFrom('refunds').select(['amount_cents', 'reason', 'note']).where('payment_id', '=', paymentId).execute()).toEqual([
      { amount_cents: 500, reason: 'requested_by_customer', note: 'Asked by phone' },
    ]);
  });
});

describe('the content forms', () => {
  it('an announcement: empty, too long, a link with a backslash, control characters or a made-up date are refused beside their fields; nothing is saved', async () => {
    const before = await count('announcements');
    const since = await lastAuditId();
    const post = (fields: Record<string, string>) => submit(admin, '/admin/announcements', { intent: 'save', id: '', ...fields });
    await expectRefused(
      post({}),
      'The heading is required.',
      'The date and place line is required.',
      'The link is required.',
      'The link text is required.',
      'Choose a picture from the media library.',
      'The alt text is required.',
    );
    await expectRefused(
      post({
        heading: '<script>alert(1)</script>'.repeat(6),
        meta: 'Soon\u0007',
        linkHref: '/\\evil.example',
        linkLabel: 'Go',
        imageSrc: '/media/u/abcdef12/800.webp',
        imageAlt: 'x'.repeat(301),
        showFrom: 'tomorrow',
        showUntil: '2026-02-30T25:00',
      }),
      'The heading must be at most 120 characters.',
      'The date and place line contains invisible control characters; please retype it.',
      'The link must not contain a backslash',
      'The alt text must be at most 300 characters.',
      'Show from must be a date and time.',
      'Show until must be a date and time.',
    );
    // A picture that looks like the library's but is not in it is refused once the form is read.
    await expectRefused(post({ heading: 'News', meta: 'Soon', linkHref: '/events', linkLabel: 'More', imageSrc: '/media/u/abcdef12/800.webp', imageAlt: 'Prizes' }), 'Choose a picture from the media library.');
    // Which button, and on which announcement.
    await expectRefused(post({ intent: 'publish-everything' }), 'Unknown action.');
    await expectRefused(submit(admin, '/admin/announcements', { intent: 'up', id: 'abc' }), 'Choose an announcement.');
    await expectRefused(submit(admin, '/admin/announcements', { intent: 'delete', id: '' }), 'Choose an announcement.');
    await expectRefused(submit(admin, '/admin/announcements', { intent: 'save', id: '-1' }), 'Choose an announcement.');
    expect(await count('announcements')).toBe(before);
    expect(await changesSince(since)).toEqual([]);
  });

  it('an event: control characters and script in its text, a nonsense type and numbers are refused; nothing is saved', async () => {
    const before = await count('events');
    const since = await lastAuditId();
    await expectRefused(
      submit(admin, '/admin/events/new?type=Golf%20Event', {
        eventType: 'Golf Event',
        ...golfEventFields('<script>alert(1)</script>', { proceeds: 'For\u0000scholarships', 'statText.1': 'x'.repeat(201), 'accText.0': 'Lunch', 'accIcon.0': 'rocket', capacity: '1e3', fairValue: '500' }),
      }),
      'Where the money goes contains invisible control characters; please retype it.',
      'The line must be at most 200 characters.',
      'Choose an icon.',
      'Capacity must be a whole number from 1 to 100000.',
      'The value per team cannot be more than the price it comes with.',
    );
    await expectRefused(submit(admin, '/admin/events/new', { eventType: 'Rodeo', ...golfEventFields('Rodeo night') }), 'Choose the type of event.');
    expect(await count('events')).toBe(before);
    expect(await changesSince(since)).toEqual([]);
  });

  it('the events list, the page editor and the media library say which button or item they do not know', async () => {
    const since = await lastAuditId();
    const [media, versions] = [await count('media'), await count('content_versions')];
    await expectRefused(submit(admin, '/admin/events', { intent: 'publish', eventNumber: 'abc' }), 'Choose an event.');
    await expectRefused(submit(admin, '/admin/events', { intent: 'delete', eventNumber: '1' }), 'Unknown action.');
    await expectRefused(submit(admin, '/admin/pages/golfers', { intent: 'bogus' }), 'Unknown action.');
    await expectRefused(submit(admin, '/admin/pages/golfers', { intent: 'restore', version: 'latest' }), 'That version does not exist.');
    await expectRefused(submit(admin, '/admin/pages/golfers', { list: 'drop:heading.0' }), 'Unknown action.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'alt', id: 'abc', alt: 'A picture' }), 'That file is not in the library.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'alt', id: '1', alt: '  ' }), 'Describe the file in one plain line under 300 characters.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'alt', id: '1', alt: 'x'.repeat(301) }), 'Describe the file in one plain line under 300 characters.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'alt', id: '1', alt: 'a\u0000b' }), 'Describe the file in one plain line under 300 characters.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'upload', file: 'not-a-file.jpg', alt: '' }), 'Choose a file to upload.', 'Describe the file for people who cannot see it.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'approve', id: '0' }), 'That file is not in the library.');
    await expectRefused(submit(admin, '/admin/media', { intent: 'rename' }), 'Unknown action.');
    expect([await count('media'), await count('content_versions')]).toEqual([media, versions]);
    expect(await changesSince(since)).toEqual([]);
  });
});

describe('check-in, staff and two-step sign-in', () => {
  it('refuse a person, staff member, role or button the forms do not offer, and change nothing', async () => {
    const eventNumber = await createTestEvent(server.db, { eventNumber: 9400, name: `Forms ${run}` });
    const since = await lastAuditId();
    const staff = await server.db.selectFrom('staff').select(['id', 'role', 'status']).orderBy('id').execute();
    const checkIn = `/admin/events/${eventNumber}/check-in`;
    await expectRefused(submit(admin, checkIn, { intent: 'arrived', person: 'attendee:abc' }), 'Choose a person on the list.');
    await expectRefused(submit(admin, checkIn, { intent: 'arrived', person: '<script>alert(1)</script>' }), 'Choose a person on the list.');
    await expectRefused(submit(admin, checkIn, { intent: 'leave', person: 'player:1' }), 'Unknown action.');
    await expectRefused(submit(admin, '/admin/staff', { intent: 'role', staffId: String(staff[0]!.id), role: 'owner' }), 'Choose admin, volunteer or reviewer.');
    await expectRefused(submit(admin, '/admin/staff', { intent: 'disable', staffId: 'abc' }), 'That staff member does not exist.');
    await expectRefused(submit(admin, '/admin/staff', { intent: 'promote', staffId: '1' }), 'Unknown action.');
    await expectRefused(submit(admin, '/admin/security', { intent: 'off', code: '123456' }), 'Unknown action.');
    expect(await server.db.selectFrom('staff').select(['id', 'role', 'status']).orderBy('id').execute()).toEqual(staff);
    expect(await changesSince(since)).toEqual([]);
  });
});

describe('the sign-in and account forms (parsed by the domain with common/staff.wire.ts)', () => {
  it('refuse empty, huge and scripted values beside their fields, and sign nobody in', async () => {
    const login = (fields: Record<string, string>) => submit(server.client(), '/admin/login', fields);
    await expectRefused(login({}), 'Email is required.', 'Password is required.');
    await expectRefused(login({ email: `${'x'.repeat(260)}@example.org`, password: 'x' }), 'Email must be at most 254 characters.');
    await expectRefused(login({ email: '<script>alert(1)</script>', password: 'x' }), 'Enter a valid email address');
    await expectRefused(submit(admin, '/admin/staff', { intent: 'invite', email: '<script>alert(1)</script>', role: 'owner' }), 'Enter a valid email address', 'Choose admin, volunteer or reviewer.');
    await expectRefused(submit(admin, '/admin/staff', { intent: 'invite', email: `new.${run}@example.org`, name: 'a\u0000b', role: 'volunteer' }), 'Remove the invisible control characters');
    await expectRefused(submit(admin, '/admin/security', { intent: 'recovery', code: '' }), 'Enter the code.');
    await expectRefused(submit(admin, '/admin/security', { intent: 'recovery', code: '9'.repeat(41) }), 'That code is too long.');
    expect(await server.db.selectFrom('staff').select('id').where('email', '=', `new.${run}@example.org`).execute()).toEqual([]);
  });
});
