import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserReceipts } from '../../common/receipts';
import { paidPaymentId, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { waitForMail } from '../helpers/outbox';
import { setUpStaff, submit } from '../helpers/staff';
import { visibleText } from '../helpers/page-text';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/**
 * Issue 33, bug 1: a payment has one receipt number, and the email, the receipt page and its PDF,
 * the dashboard, the back office, its search and its CSV all give that same number.
 */

let server: TestServer;
let admin: ApiClient;
const run = Date.now().toString(36);
const GOLF = 961;

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
  await createTestEvent(server.db, { eventNumber: GOLF, eventType: 'Golf Event', name: `Numbers Open ${run}` });
});
afterAll(() => server?.close());

describe(`one receipt number everywhere (${testDbKind()})`, () => {
  it('a donation: the email, the receipt page, the dashboard, the back office, its search and its CSV say the same number', async () => {
    const client = server.client();
    const user = await signedInUser(client, 'numbers');
    const email = user.account.email;
    const paymentId = await paidPaymentId(server, client, user.authorization, 'donation_intent', { amount: '40.00', email, message: `numbers ${run}` });
    const donationId = Number((await server.db.selectFrom('donations').select('id').where('payment_id', '=', paymentId).executeTakeFirstOrThrow()).id);
    const number = `D-${donationId}`;

    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && /^Receipt for your donation/.test(m.subject));
    expect(mail.text).toMatch(new RegExp(`Receipt number:? ${number}\\b`));
    const link = /\/receipts\/\d+\/[\w-]+/.exec(mail.text)![0];
    const page = await client.get(link);
    expect(page.status).toBe(200);
    expect(visibleText(page.text)).toContain(`Receipt number ${number}`);

    const mine = (await client.request('GET', '/api/user/receipts', { headers: user.authorization })).json as unknown as UserReceipts;
    expect(mine.receipts.map((r) => r.number)).toEqual([number]);

    const staffView = await admin.get(`/admin/payments/${paymentId}`);
    expect(visibleText(staffView.text)).toContain(`Receipt number ${number}`);

    // The treasurer types the number the donor quotes.
    for (const q of [number, number.toLowerCase()]) {
      const found = await admin.get(`/admin/donations?q=${encodeURIComponent(q)}`);
      expect(visibleText(found.text)).toContain('1 donation matches');
      expect(found.text).toContain(`/admin/payments/${paymentId}"`);
    }
    const csv = parse((await admin.get(`/admin/donations.csv?q=${number}`)).text, { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.map((row) => row['Receipt number'])).toEqual([number]);

    // The refund notice names the same receipt.
    const refunded = await submit(admin, `/admin/payments/${paymentId}`, { intent: 'refund', amount: '10.00', reason: 'staff', note: 'Numbers test', requestKey: `numbers-${run}` });
    expect(refunded.status).toBe(200);
    const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email && /refunded/.test(m.subject));
    expect(notice.text).toContain(`(receipt ${number})`);
    expect(notice.text).not.toMatch(new RegExp(`receipt ${donationId}\\b`));
  });

  it('a sign-up: the confirmation email, the receipt page, the dashboard and the back office say the same number', async () => {
    const client = server.client();
    const user = await signedInUser(client, 'signupnumbers');
    const receiptEmail = user.account.email;
    const team = {
      eventNumber: GOLF,
      eventDescription: 'Golf outing',
      amount: '400.00',
      receiptEmail,
      ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Golfer ${n}`], [`player${n}Email`, n === 1 ? receiptEmail : ''], [`player${n}ShirtSize`, 'L']])),
    };
    const paymentId = await paidPaymentId(server, client, user.authorization, 'golf_signup_intent', team);
    const signupId = Number((await server.db.selectFrom('signups').select('id').where('payment_id', '=', paymentId).executeTakeFirstOrThrow()).id);
    const number = `S-${signupId}`;

    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === receiptEmail && /^You're signed up/.test(m.subject));
    expect(mail.text).toMatch(new RegExp(`Confirmation number:? ${number}\\b`));
    expect(mail.text).not.toMatch(new RegExp(`Confirmation number:? ${signupId}\\b`));

    const mine = (await client.request('GET', '/api/user/receipts', { headers: user.authorization })).json as unknown as UserReceipts;
    expect(mine.receipts.map((r) => r.number)).toEqual([number]);
    const page = await client.get(mine.receipts[0]!.url);
    expect(visibleText(page.text)).toContain(`Receipt number ${number}`);

    const staffView = await admin.get(`/admin/payments/${paymentId}`);
    expect(visibleText(staffView.text)).toContain(`Receipt number ${number}`);
  });
});
