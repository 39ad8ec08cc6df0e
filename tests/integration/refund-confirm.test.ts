import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidPaymentId, signedInUser } from '../helpers/accounts';
import { createTestEvent } from '../helpers/events';
import { waitForMail } from '../helpers/outbox';
import { csrfOf, postForm, setUpStaff } from '../helpers/staff';
import { visibleText } from '../helpers/page-text';
import { startTestServer, testDbKind, type ApiClient, type ApiResponse, type TestServer } from '../helpers/test-server';

/**
 * Issue 33, bug 3: a refund is reviewed before it is made. The page's form only asks "Refund $15.00
 * of $40.00 to …?"; an empty amount is refused unless "everything left" is chosen; no reason is
 * chosen for staff; a partial refund's email says what went back and what stays given.
 */

let server: TestServer;
let admin: ApiClient;
const run = Date.now().toString(36);
const GOLF = 962;

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
  await createTestEvent(server.db, { eventNumber: GOLF, eventType: 'Golf Event', name: `Refund Open ${run}` });
});
afterAll(() => server?.close());

/** The hidden and named fields of the form labelled `label` on a page, as the browser would post them. */
function formFields(page: string, label: string): Record<string, string> {
  const start = page.indexOf(`aria-label="${label}"`);
  expect(start, `a form labelled ${label}`).toBeGreaterThan(-1);
  const form = page.slice(start, page.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input[^>]*>/g)) {
    const name = /name="([^"]+)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields[name] = value.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return fields;
}

const refundRows = (paymentId: number) => server.db.selectFrom('refunds').select(['amount_cents', 'reason']).where('payment_id', '=', paymentId).execute();

/** Fills the page's refund form and presses one of its buttons (`extra` is the button's name and value). */
async function review(paymentId: number, fields: Record<string, string>, extra: Record<string, string> = {}): Promise<ApiResponse> {
  const page = await admin.get(`/admin/payments/${paymentId}`);
  const form = formFields(page.text, 'Refund');
  return postForm(admin, `/admin/payments/${paymentId}`, { ...form, csrf: csrfOf(page.text), ...fields, ...extra });
}

describe(`a refund is confirmed before it is made (${testDbKind()})`, () => {
  let donor: { email: string; paymentId: number };

  beforeAll(async () => {
    const client = server.client();
    const user = await signedInUser(client, 'refundconfirm');
    const paymentId = await paidPaymentId(server, client, user.authorization, 'donation_intent', { amount: '40.00', email: user.account.email, message: 'confirm me' });
    donor = { email: user.account.email, paymentId };
  });

  it('the form chooses no reason and its button only reviews', async () => {
    const page = (await admin.get(`/admin/payments/${donor.paymentId}`)).text;
    expect(page).toMatch(/<option value="" selected="">Choose a reason<\/option>/);
    expect(page).not.toMatch(/value="requested_by_customer" selected/);
    expect(formFields(page, 'Refund').intent).toBe('review');
  });

  it('reviewing says what goes back and to whom, and refunds nothing', async () => {
    const res = await review(donor.paymentId, { amount: '15', reason: 'staff', note: 'Gave twice' });
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain(`Refund $15.00 of $40.00 to test refundconfirm (${donor.email})?`);
    expect(visibleText(res.text)).toContain('$25.00 stays paid');
    expect(await refundRows(donor.paymentId)).toEqual([]);
  });

  it('an empty amount is refused unless everything left is chosen, and no reason is refused', async () => {
    const empty = await review(donor.paymentId, { amount: '', reason: 'staff', note: 'Gave twice' });
    expect(empty.status).toBe(400);
    expect(visibleText(empty.text)).toContain('Enter how much to refund, like 20.00, or choose “Refund everything left”.');
    const noReason = await review(donor.paymentId, { amount: '5', note: 'Gave twice' });
    expect(noReason.status).toBe(400);
    expect(visibleText(noReason.text)).toContain('Choose why the money goes back.');
    expect(await refundRows(donor.paymentId)).toEqual([]);
  });

  it('confirming refunds once, and the email says what went back and what the gift stands at', async () => {
    const reviewed = await review(donor.paymentId, { amount: '15.00', reason: 'staff', note: 'Gave twice' });
    const confirm = { ...formFields(reviewed.text, 'Confirm the refund of $15.00'), csrf: csrfOf(reviewed.text) };
    expect(confirm).toMatchObject({ intent: 'refund', amount: '15.00', reason: 'staff' });
    const [first, second] = await Promise.all([postForm(admin, `/admin/payments/${donor.paymentId}`, confirm), postForm(admin, `/admin/payments/${donor.paymentId}`, confirm)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await refundRows(donor.paymentId)).toEqual([{ amount_cents: 1500, reason: 'staff' }]);

    const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === donor.email && /refunded/.test(m.subject));
    expect(notice.text).toContain('$15.00 of your $40.00 gift is refunded; your gift now stands at $25.00.');
    expect(notice.text).not.toContain('You asked us to cancel it.');
  });

  it('"Refund everything left" states the rest, and "No, go back" keeps what was typed', async () => {
    const res = await review(donor.paymentId, { amount: '', reason: 'requested_by_customer', note: 'Asked by phone' }, { everything: 'yes' });
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain(`Refund $25.00 of $40.00 to test refundconfirm (${donor.email})?`);
    expect(visibleText(res.text)).toContain('$15.00 was refunded before.');
    const back = await postForm(admin, `/admin/payments/${donor.paymentId}`, { ...formFields(res.text, 'Change the refund'), csrf: csrfOf(res.text) });
    expect(back.status).toBe(200);
    expect(back.text).toMatch(/<option value="requested_by_customer" selected="">/);
    expect(back.text).toContain('value="Asked by phone"');
    expect(await refundRows(donor.paymentId)).toEqual([{ amount_cents: 1500, reason: 'staff' }]);
  });

  it("a sign-up's partial refund email reads naturally", async () => {
    const client = server.client();
    const user = await signedInUser(client, 'refundteam');
    const receiptEmail = user.account.email;
    const paymentId = await paidPaymentId(server, client, user.authorization, 'golf_signup_intent', {
      eventNumber: GOLF,
      eventDescription: 'Golf outing',
      amount: '400.00',
      receiptEmail,
      ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Golfer ${n}`], [`player${n}Email`, n === 1 ? receiptEmail : ''], [`player${n}ShirtSize`, 'L']])),
    });
    const reviewed = await review(paymentId, { amount: '100', reason: 'requested_by_customer', note: 'One player dropped out' });
    expect(visibleText(reviewed.text)).toContain(`Refund $100.00 of $400.00 to test refundteam (${receiptEmail})?`);
    const done = await postForm(admin, `/admin/payments/${paymentId}`, { ...formFields(reviewed.text, 'Confirm the refund of $100.00'), csrf: csrfOf(reviewed.text) });
    expect(done.status).toBe(200);
    const notice = await waitForMail(server.config.mail.outboxDir, (m) => m.to === receiptEmail && /refunded/.test(m.subject));
    expect(notice.text).toMatch(/\$100\.00 of the \$400\.00 you paid for your Golf Event sign-up for Refund Open \w+ \(receipt S-\d+\) is refunded; you have now paid \$300\.00 for it\./);
    expect(notice.text).toContain('You asked us for this refund.');
    expect(notice.text).not.toContain('cancel');
  });
});
