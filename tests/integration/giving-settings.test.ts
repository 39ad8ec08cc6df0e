import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payWithCard } from '../helpers/accounts';
import { csrfOf, locationOf, postForm, setUpStaff, submit } from '../helpers/staff';
import { expectRefused, pageHtml } from '../helpers/page-text';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../helpers/test-server';

/**
 * ADR 046: an admin sets the Donation Form's suggested amounts and preselected frequency on
 * /admin/giving. Bad input is refused beside its field and nothing is written; a volunteer is
 * refused; a saved change is audited and shows in the next page anyone opens, on every instance.
 */

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
});
afterAll(() => server?.close());

const auditRows = () => server.db.selectFrom('audit_log').select(['action', 'subject', 'summary']).where('action', '=', 'giving_settings_changed').orderBy('id').execute();
const stored = () => server.db.selectFrom('giving_settings').selectAll().execute();

/** The settings the page hands its Donation Form (the island reads the same attribute). */
function formSettingsOf(page: ApiResponse): { amounts: { cents: number; note: string }[]; monthlyPreselected: boolean; share: { url: string; name: string } } {
  const attribute = /id="donation-form"[^>]*data-settings="([^"]*)"/.exec(page.text) ?? /data-settings="([^"]*)"[^>]*id="donation-form"/.exec(page.text);
  expect(attribute, 'the donation dialog carries its settings').not.toBeNull();
  return JSON.parse(attribute![1]!.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&')) as ReturnType<typeof formSettingsOf>;
}

describe('the giving settings form', () => {
  it('starts on the defaults, which the Donation Form shows as large choices with a line each', async () => {
    const page = await server.client().get('/');
    expect(page.status).toBe(200);
    expect(formSettingsOf(page).amounts.map((a) => a.cents)).toEqual([2500, 5000, 10000, 25000]);
    expect(pageHtml(page)).toContain('a week of groceries for a family');
    expect(pageHtml(page)).toContain('Choose an amount');
    expect(pageHtml(page)).toContain('Amount (ex. $20.00)');
    const form = await admin.get('/admin/giving');
    expect(form.status).toBe(200);
    expect(form.text).toContain('value="25.00"');
  });

  it('refuses empty, negative, huge and scripted input beside its fields, and writes nothing', async () => {
    const rowsBefore = await stored();
    const auditBefore = (await auditRows()).length;
    const post = (fields: Record<string, string>) => submit(admin, '/admin/giving', fields);
    await expectRefused(post({}), 'Suggest at least one amount.');
    await expectRefused(post({ 'amount-0': '   ', 'note-0': '' }), 'Suggest at least one amount.');
    await expectRefused(post({ 'amount-0': '-25', 'note-0': 'groceries' }), 'Enter an amount from $1.00 to $25,000.00, like 25 or 25.00.');
    await expectRefused(post({ 'amount-0': '0' }), 'Enter an amount from $1.00 to $25,000.00');
    await expectRefused(post({ 'amount-0': '9'.repeat(40) }), 'Enter an amount from $1.00 to $25,000.00');
    await expectRefused(post({ 'amount-0': '25000.01' }), 'Enter an amount from $1.00 to $25,000.00');
    await expectRefused(post({ 'amount-0': '<script>alert(1)</script>' }), 'Enter an amount from $1.00 to $25,000.00');
    await expectRefused(post({ 'amount-0': '25', 'note-0': '<script>alert(1)</script>' }), 'Use plain words: the line cannot contain &lt; or &gt;.');
    await expectRefused(post({ 'amount-0': '25', 'note-0': 'x'.repeat(5000) }), 'Keep the line to 80 characters or fewer.');
    await expectRefused(post({ 'amount-0': '25', 'note-1': 'no amount' }), 'Enter an amount for this line, or clear the line too.');
    await expectRefused(post({ 'amount-0': '25', 'amount-1': '25.00' }), '$25.00 is already suggested above.');
    // What was typed is shown again, escaped.
    const echoed = await expectRefused(post({ 'amount-0': '25', 'note-0': '<script>alert(1)</script>' }));
    expect(echoed.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(await stored()).toEqual(rowsBefore);
    expect(await auditRows()).toHaveLength(auditBefore);
  });

  it('refuses a volunteer, a signed-out visitor and a form without its token', async () => {
    const volunteer = server.client();
    await setUpStaff(server, volunteer, 'volunteer');
    expect((await volunteer.get('/admin/giving')).status).toBe(403);
    const page = await admin.get('/admin/giving');
    const asVolunteer = await postForm(volunteer, '/admin/giving', { csrf: csrfOf(page.text), 'amount-0': '5' });
    expect(asVolunteer.status).toBe(403);
    expect(pageHtml(asVolunteer)).toContain('Only an admin can do this.');
    const anonymous = await postForm(server.client(), '/admin/giving', { csrf: csrfOf(page.text), 'amount-0': '5' });
    expect(anonymous.status).toBe(302);
    expect(locationOf(anonymous)).toMatch(/^\/admin\/login/);
    expect((await postForm(admin, '/admin/giving', { csrf: 'forged', 'amount-0': '5' })).status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('saves, audits, and the next page view (cached before) hands the Donation Form the new amounts, on another instance too', async () => {
    const other = await startTestServer({ sameDatabaseAs: server });
    try {
      const visitor = other.client();
      // Both instances have the home page cached with the defaults.
      expect(formSettingsOf(await visitor.get('/')).monthlyPreselected).toBe(false);
      expect(formSettingsOf(await server.client().get('/')).monthlyPreselected).toBe(false);
      const saved = await submit(admin, '/admin/giving', { 'amount-0': '30', 'note-0': 'school shoes for two children', 'amount-1': '$75.50', 'note-1': '', monthlyPreselected: 'on' });
      expect(saved.status, pageHtml(saved).slice(0, 300)).toBe(302);
      expect(locationOf(saved)).toBe('/admin/giving?saved=1');
      const expected = { amounts: [{ cents: 3000, note: 'school shoes for two children' }, { cents: 7550, note: '' }], monthlyPreselected: true };
      for (const client of [visitor, server.client()]) {
        const page = await client.get('/');
        expect(formSettingsOf(page)).toMatchObject(expected);
        expect(pageHtml(page)).toContain('school shoes for two children');
        expect(pageHtml(page)).not.toContain('a week of groceries for a family');
      }
      // The read API's pages too: any public page holds the form.
      expect(formSettingsOf(await visitor.get('/events'))).toMatchObject(expected);
      expect(await auditRows()).toEqual([
        { action: 'giving_settings_changed', subject: 'giving_settings', summary: "Changed the Donation Form's suggested amounts: $30.00, $75.50; monthly preselected" },
      ]);
      const form = await admin.get('/admin/giving?saved=1');
      expect(pageHtml(form)).toContain('Saved. The Donation Form shows these amounts from the next page anyone opens.');
      expect(form.text).toContain('value="75.50"');
    } finally {
      await other.close();
    }
  });
});

describe('a saved gift', () => {
  it('answers the signed receipt page, which opens without signing in', async () => {
    const client = server.client();
    await client.get('/api/events/upcoming');
    const form = { amount: '25.00', email: `thanks.${Date.now().toString(36)}@example.org`, message: '', coverFees: true, total: '25.75' };
    const created = await client.post('/api/stripe/donation_intent', form);
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const secret = created.json.clientSecret as string;
    expect((await payWithCard(client, secret)).status).toBe(200);
    const saved = await client.post('/api/stripe/save_donation', { ...form, amount: '25.75', token: secret });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const receiptUrl = saved.json.receiptUrl as string;
    expect(receiptUrl).toMatch(/^\/receipts\/\d+\/[\w-]+$/);
    const receipt = await server.client().get(receiptUrl);
    expect(receipt.status).toBe(200);
    expect(pageHtml(receipt)).toContain('$25.75');
    // A changed signature opens nothing.
    expect((await server.client().get(`${receiptUrl.slice(0, -2)}xx`)).status).toBe(404);
  });
});
