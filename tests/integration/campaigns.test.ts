import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARMARKED_NOT_DEDUCTIBLE } from '../../common/campaigns';
import type { UserReceipts } from '../../common/receipts';
import { NO_GOODS_OR_SERVICES } from '../../common/tax-receipts';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { dayFromNow } from '../helpers/events';
import { setUpStaff, submit } from '../helpers/staff';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/** Campaigns with a goal (ADR 047) over HTTP on both databases: the back-office form, gifts, the cached pages, refusals, supporters and receipts. */

let server: TestServer;
let admin: ApiClient;
let volunteer: ApiClient;
let counter = 0;
/** A page's text with React's comment markers gone and quotes unescaped. */
const html = (text: string) => text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
  volunteer = server.client();
  await setUpStaff(server, volunteer, 'volunteer');
});
afterAll(() => server?.close());

const campaignFields = (overrides: Record<string, string> = {}) => ({
  intent: 'save',
  id: '',
  name: `Winter Groceries ${tag()}`,
  slug: '',
  story: 'Families facing treatment need groceries.\n\nEvery gift fills a pantry.',
  imageSrc: '',
  imageAlt: '',
  goal: '1,000',
  startsOn: dayFromNow(-3),
  endsOn: dayFromNow(10),
  familyYear: '',
  published: 'on',
  ...overrides,
});

/** An admin publishes one; answers its id and slug. */
async function campaign(overrides: Record<string, string> = {}): Promise<{ id: number; slug: string }> {
  const fields = campaignFields(overrides);
  const res = await submit(admin, '/admin/campaigns', fields);
  expect(res.status, html(res.text).slice(0, 400)).toBe(302);
  const row = await server.db.selectFrom('campaigns').select(['id', 'slug']).where('name', '=', fields.name).executeTakeFirstOrThrow();
  return { id: Number(row.id), slug: row.slug };
}

async function give(campaignId: number | string, options: { amount?: string; name?: string; anonymous?: boolean } = {}) {
  const client = server.client();
  const user = await signedInUser(client, 'campaign');
  const created = await client.post(
    '/api/stripe/donation_intent',
    { amount: options.amount ?? '25.00', email: user.account.email, message: '', name: options.name ?? '', anonymous: options.anonymous ?? false, campaignId },
    { headers: user.authorization },
  );
  if (created.status !== 201) return { created, client, user };
  expect((await payWithCard(client, created.json.clientSecret as string)).status).toBe(200);
  return { created, client, user };
}

const page = async (path: string) => {
  const res = await server.client().get(path);
  return { status: res.status, text: html(res.text) };
};

describe(`the back-office form (${testDbKind()})`, () => {
  it('refuses bad input with a message beside each field and saves nothing', async () => {
    const name = `Bad ${tag()}`;
    const res = await submit(admin, '/admin/campaigns', campaignFields({ name: '', slug: 'Not A Slug', goal: 'lots', startsOn: dayFromNow(5), endsOn: dayFromNow(1), imageSrc: '/media/u/0000000000/1.webp', story: '' }));
    expect(res.status).toBe(400);
    const text = html(res.text);
    for (const message of [
      'The name is required.',
      'The web address can hold lower-case letters, digits and single hyphens between them',
      'The story is required.',
      'The goal must be an amount in dollars from 1.00 to 10,000,000.00',
      'The end date must be on or after the start date.',
      'Describe the picture for people who cannot see it.',
    ]) {
      expect(text).toContain(message);
    }
    const picture = await submit(admin, '/admin/campaigns', campaignFields({ name, imageSrc: '/media/u/00000000aa/1.webp', imageAlt: 'Nothing' }));
    expect(html(picture.text)).toContain('Choose a picture from the media library.');
    expect(await server.db.selectFrom('campaigns').select('id').where('name', '=', name).execute()).toEqual([]);
  });

  it('makes the web address from the name, keeps it unique, and audits each change', async () => {
    const name = `Spring Pantry Drive ${tag()}`;
    const made = await campaign({ name });
    expect(made.slug).toBe(name.toLowerCase().replaceAll(' ', '-'));
    const again = await submit(admin, '/admin/campaigns', campaignFields({ slug: made.slug }));
    expect(again.status).toBe(400);
    expect(html(again.text)).toContain(`Another campaign already has the web address /give/${made.slug}. Choose another.`);
    const changed = await submit(admin, '/admin/campaigns', campaignFields({ id: String(made.id), name, goal: '2,500.00' }));
    expect(changed.status).toBe(302);
    const audit = await server.db.selectFrom('audit_log').select(['action', 'summary']).where('subject', '=', `campaign:${made.id}`).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['campaign_created', 'campaign_changed']);
    expect(audit[1]!.summary).toContain('goal $2,500.00');
  });

  it('a volunteer drafts one but cannot publish it, change a published one or feature one', async () => {
    const fields = campaignFields();
    expect(html((await submit(volunteer, '/admin/campaigns', fields)).text)).toContain('Only an admin can publish a campaign.');
    expect((await submit(volunteer, '/admin/campaigns', { ...fields, published: '' })).status).toBe(302);
    const draft = await server.db.selectFrom('campaigns').select(['id', 'slug', 'published']).where('name', '=', fields.name).executeTakeFirstOrThrow();
    expect(Number(draft.published)).toBe(0);
    // A draft has no public page and takes no gift.
    expect((await page(`/give/${draft.slug}`)).status).toBe(404);
    expect((await give(Number(draft.id))).created.status).toBe(404);
    expect(html((await submit(admin, '/admin/campaigns', { intent: 'feature', id: String(draft.id) })).text)).toContain('Only a published campaign can be on the home page.');

    const published = await campaign();
    expect(html((await submit(volunteer, '/admin/campaigns', campaignFields({ id: String(published.id), published: '' }))).text)).toContain('This campaign is published, so only an admin can change it.');
    expect(html((await submit(volunteer, '/admin/campaigns', { intent: 'feature', id: String(published.id) })).text)).toContain('Only an admin can choose the campaign on the home page.');
  });
});

describe(`gifts to a campaign (${testDbKind()})`, () => {
  it('move the raised figure on its page and on the home page’s card at once (cached pages included), and name first names only, never anonymous donors', async () => {
    const { id, slug } = await campaign({ goal: '200' });
    expect((await submit(admin, '/admin/campaigns', { intent: 'feature', id: String(id) })).status).toBe(200);
    const before = await page(`/give/${slug}`);
    expect(before.status).toBe(200);
    expect(before.text).toContain('$0.00');
    expect(before.text).toContain('0 gifts');
    expect(before.text).toMatch(/aria-valuenow="0"/);
    expect(before.text).toContain('No named gifts yet.');
    expect((await page('/')).text).toContain('$0.00');
    // Asked twice: the second answer came from the cache.
    await page(`/give/${slug}`);
    await page('/');

    await give(id, { amount: '50.00', name: 'Ann Marie Smith' });
    await give(id, { amount: '30.00', name: 'Secret Person', anonymous: true });
    // A gift to the foundation itself counts nowhere.
    await give('', { amount: '70.00', name: 'General Giver' });

    const after = await page(`/give/${slug}`);
    expect(after.text).toContain('$80.00');
    expect(after.text).toContain('2 gifts');
    expect(after.text).toMatch(/aria-valuenow="40"/);
    expect(after.text).toContain('>Ann<');
    expect(after.text).not.toContain('Smith');
    expect(after.text).not.toContain('Secret');
    expect(after.text).not.toContain('General');
    const home = (await page('/')).text;
    expect(home).toContain('$80.00');
    expect(home).toContain(`/give/${slug}`);

    // A refund lowers it: kept money only.
    const paid = await server.db.selectFrom('donations').innerJoin('payments', 'payments.id', 'donations.payment_id').select(['payments.id']).where('donations.campaign_id', '=', id).where('payments.amount_cents', '=', 5_000).executeTakeFirstOrThrow();
    await server.db.updateTable('payments').set({ refunded_cents: 1_000, status: 'partially_refunded', updated_at: new Date(Date.now() + 1000).toISOString() }).where('id', '=', paid.id).execute();
    expect((await page(`/give/${slug}`)).text).toContain('$70.00');

    const progress = await server.services.campaigns.progressOfAll();
    expect(progress.find((p) => p.id === id)).toMatchObject({ raisedCents: 7_000, goalCents: 20_000, gifts: 2, phase: 'open', daysLeft: 11 });
  });

  it('refuses a gift to an ended, a future or an unknown campaign with a message on the campaign field, and records no payment', async () => {
    const ended = await campaign({ startsOn: dayFromNow(-10), endsOn: dayFromNow(-1) });
    const future = await campaign({ startsOn: dayFromNow(2), endsOn: dayFromNow(9) });
    const payments = async () => Number((await server.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const count = await payments();

    const late = await give(ended.id);
    expect(late.created.status).toBe(409);
    expect(late.created.json.campaignId).toMatch(/has ended and takes no more gifts/);
    const early = await give(future.id);
    expect(early.created.status).toBe(409);
    expect(early.created.json.campaignId).toMatch(/has not started yet/);
    const unknown = await give(999_999);
    expect(unknown.created.status).toBe(404);
    expect(unknown.created.json.campaignId).toMatch(/This campaign does not exist/);
    expect((await give('abc')).created.status).toBe(400);
    expect(await payments()).toBe(count);

    const endedPage = await page(`/give/${ended.slug}`);
    expect(endedPage.text).toContain('takes no more gifts');
    expect(endedPage.text).not.toContain('Give to this campaign');
    expect(endedPage.text).not.toContain('data-campaign');
    expect((await page(`/give/${future.slug}`)).text).toContain('This campaign has not started yet');
    expect((await page('/give/no-such-campaign')).status).toBe(404);
    expect((await page('/give/Not_A_Slug')).status).toBe(404);
  });
});

describe(`receipts and the Family of the Year (${testDbKind()})`, () => {
  it('a gift to a campaign naming a family keeps the IRS wording and adds the discretion and earmark sentences on the page, the PDF and the email', async () => {
    const name = `Testburg Family ${tag()}`;
    const { id, slug } = await campaign({ name, familyYear: '2016' });
    const campaignPage = await page(`/give/${slug}`);
    expect(campaignPage.text).toContain(EARMARKED_NOT_DEDUCTIBLE);
    expect(campaignPage.text).toContain(`data-campaign="{"id":${id}`);

    const { client, user } = await give(id, { amount: '40.00', name: 'Bea' });
    const list = (await client.request('GET', '/api/user/receipts', { headers: user.authorization })).json as unknown as UserReceipts;
    const receipt = list.receipts[0]!;
    const discretion = `This gift was made to the campaign “${name}”. Test Valley Foundation keeps full discretion over the use of the gift.`;
    const receiptPage = html((await client.get(receipt.url)).text);
    for (const line of [NO_GOODS_OR_SERVICES, discretion, EARMARKED_NOT_DEDUCTIBLE]) expect(receiptPage).toContain(line);

    const pdf = await getDocumentProxy(new Uint8Array(await (await fetch(new URL(receipt.pdfUrl, server.url))).arrayBuffer()));
    const pdfText = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const line of [NO_GOODS_OR_SERVICES, discretion, EARMARKED_NOT_DEDUCTIBLE]) expect(pdfText).toContain(line.replace(/\s+/g, ' '));

    const mail = await server.db.selectFrom('mail_outbox').select(['text_body']).where('payment_id', '=', receipt.paymentId).where('purpose', '=', 'donation_paid').executeTakeFirstOrThrow();
    for (const line of [NO_GOODS_OR_SERVICES, discretion, EARMARKED_NOT_DEDUCTIBLE]) expect(mail.text_body).toContain(line);
  });

  it('a gift to the foundation itself says nothing of campaigns', async () => {
    const { client, user } = await give('', { amount: '15.00' });
    const list = (await client.request('GET', '/api/user/receipts', { headers: user.authorization })).json as unknown as UserReceipts;
    const receiptPage = html((await client.get(list.receipts[0]!.url)).text);
    expect(receiptPage).toContain(NO_GOODS_OR_SERVICES);
    expect(receiptPage).not.toContain('keeps full discretion');
    expect(receiptPage).not.toContain(EARMARKED_NOT_DEDUCTIBLE);
  });

  it('a Family of the Year card links to its campaign instead of GoFundMe; the others keep "Click to donate on GoFundMe!"', async () => {
    const { slug } = await campaign({ name: `Stand-in Family ${tag()}`, familyYear: '2014' });
    const text = (await page('/family_of_the_year')).text;
    expect(text).toContain(`href="/give/${slug}"`);
    expect(text).not.toContain('stand-in-family-testburg');
    expect(text).toContain('Click to donate on GoFundMe!');
  });
});
