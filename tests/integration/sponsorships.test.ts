import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLD_OUT } from '../../server/domain/sponsorships/sponsorships';
import { payWithCard } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { waitForMail } from '../helpers/outbox';
import { paymentOfSponsorship } from '../helpers/sponsorships';
import { setUpStaff, submit } from '../helpers/staff';
import { nextLoopbackAddress, startTestServer, type ApiClient, type TestServer } from '../helpers/test-server';
import { SOLD_OUT_BEFORE_PAYMENT } from '../../server/domain/sponsorships/sponsorships';

/** Sponsorship packages (ADR 052) on both databases: the back-office form, orders and their race, the receipt's value, approval and display. */

let server: TestServer;
let admin: ApiClient;
let volunteer: ApiClient;
let nextEventNumber = 3500;
let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;
const html = (text: string) => text.replaceAll('<!-- -->', '').replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  admin = server.client();
  await setUpStaff(server, admin, 'admin');
  volunteer = server.client();
  await setUpStaff(server, volunteer, 'volunteer');
});
afterAll(() => server?.close());

const newEvent = async () => createTestEvent(server.db, { eventNumber: nextEventNumber++, published: true });

const packageFields = (overrides: Record<string, string> = {}) => ({
  intent: 'save',
  id: '',
  name: `Gold ${tag()}`,
  price: '2,500',
  quantity: '5',
  includes: 'Logo on the carts and one team.',
  places: '1',
  placesDue: dayFromNow(30),
  goodsValue: '600',
  published: 'on',
  ...overrides,
});

async function definePackage(eventNumber: number, overrides: Record<string, string> = {}): Promise<number> {
  const fields = packageFields(overrides);
  const res = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, fields);
  expect(res.status, res.text.slice(0, 400)).toBe(302);
  const row = await server.db.selectFrom('sponsorship_packages').select('id').where('name', '=', fields.name).executeTakeFirstOrThrow();
  return Number(row.id);
}

const png = (width = 800, height = 400) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } }).png().toBuffer();
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60"><script>alert(1)</script><rect width="120" height="60" fill="#c00"/><text x="10" y="40">ACME</text></svg>',
);

const orderFields = (eventNumber: number, packageId: number, overrides: Record<string, string> = {}) => ({
  eventNumber: String(eventNumber),
  packageId: String(packageId),
  companyName: 'Acme Hardware LLC',
  contactName: 'Dana Fox',
  contactEmail: `dana.${tag()}@example.org`,
  phone: '(740) 555-0142',
  displayName: 'Acme Hardware',
  link: 'https://acme.example.com',
  ...overrides,
});

const order = async (eventNumber: number, packageId: number, overrides: Record<string, string> = {}, logo?: { bytes: Buffer; declaredType: string; fileName: string }) =>
  server.services.sponsorships.order(orderFields(eventNumber, packageId, overrides), logo ?? { bytes: await png(), declaredType: 'image/png', fileName: 'logo.png' }, nextLoopbackAddress());

/** Orders, pays with the test card and confirms, as the page does. */
async function buy(eventNumber: number, packageId: number, overrides: Record<string, string> = {}) {
  const opened = await order(eventNumber, packageId, overrides);
  if (!opened.ok) throw new Error(JSON.stringify(opened.errors));
  // The order page, as the business's browser has it open: its XSRF cookie goes with the card call.
  const client = server.client();
  const page = await client.get(`/events/${eventNumber}/sponsor?package=${packageId}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toContain('no-store');
  expect((await payWithCard(client, opened.value.clientSecret)).status).toBe(200);
  const amount = Math.round(Number(opened.value.amount) * 100);
  const confirmed = await server.services.sponsorships.confirm({ token: opened.value.clientSecret, amount });
  if (!confirmed.ok) throw new Error(JSON.stringify(confirmed.errors));
  return { ...confirmed.value, sponsorshipId: opened.value.sponsorshipId };
}

describe('packages in the back office', () => {
  it('an admin defines a package; it is audited and shown on the event page with what is left', async () => {
    const eventNumber = await newEvent();
    const name = `Gold ${tag()}`;
    const id = await definePackage(eventNumber, { name });
    const list = await admin.get(`/admin/events/${eventNumber}/sponsorships`);
    expect(html(list.text)).toContain(`${name} · $2,500.00`);
    expect(html(list.text)).toContain('5 of 5 left');
    const audit = await server.db.selectFrom('audit_log').select('summary').where('subject', '=', `sponsorship_package:${id}`).execute();
    expect(audit.map((a) => a.summary)).toEqual([expect.stringContaining(`Created the sponsorship package "${name}"`)]);
    const page = await server.client().get(`/events/${eventNumber}`);
    expect(html(page.text)).toContain(name);
    expect(html(page.text)).toContain('5 of 5 left');
  });

  it('bad input gets an error beside each field and writes nothing', async () => {
    const eventNumber = await newEvent();
    const res = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, packageFields({ name: '', price: 'lots', quantity: '0', includes: '', places: '99', goodsValue: '3,000' }));
    expect(res.status).toBe(400);
    const text = html(res.text);
    for (const message of ['The name is required.', 'The price must be an amount in dollars', 'How many are available must be a whole number from 1 to 1000.', 'What it includes is required.', 'Team or party places must be a whole number from 0 to 20.']) {
      expect(text).toContain(message);
    }
    const over = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, packageFields({ goodsValue: '3,000' }));
    expect(over.status).toBe(400);
    expect(html(over.text)).toContain('The value of goods and services cannot be more than the price.');
    expect(await server.db.selectFrom('sponsorship_packages').innerJoin('events', 'events.id', 'sponsorship_packages.event_id').select('sponsorship_packages.id').where('events.event_number', '=', eventNumber).execute()).toEqual([]);
  });

  it('a volunteer saves drafts only; an admin publishes', async () => {
    const eventNumber = await newEvent();
    const refused = await submit(volunteer, `/admin/events/${eventNumber}/sponsorships`, packageFields());
    expect(refused.status).toBe(400);
    expect(html(refused.text)).toContain('Only an admin can publish a package.');
    const draft = await submit(volunteer, `/admin/events/${eventNumber}/sponsorships`, packageFields({ published: '' }));
    expect(draft.status).toBe(302);
    expect(await server.services.sponsorships.offered(eventNumber)).toEqual([]);
  });
});

describe('ordering and paying', () => {
  it('refuses bad orders field by field: an http link, a logo that is not one, a missing logo; nothing is written', async () => {
    const eventNumber = await newEvent();
    const packageId = await definePackage(eventNumber);
    const before = await server.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const bad = await server.services.sponsorships.order(orderFields(eventNumber, packageId, { link: 'http://acme.example.com', contactEmail: 'nope', companyName: '' }), null, nextLoopbackAddress());
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      errors: {
        link: 'The link must be a web address starting with https://, like https://example.com.',
        contactEmail: 'Enter a valid email address, like name@example.com.',
        companyName: 'The company name is required.',
        logo: 'Upload your logo (SVG, PNG or JPEG).',
      },
    });
    const gif = await order(eventNumber, packageId, {}, { bytes: await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } }).gif().toBuffer(), declaredType: 'image/gif', fileName: 'logo.gif' });
    expect(gif).toMatchObject({ ok: false, errors: { logo: 'The logo must be an SVG, PNG or JPEG file.' } });
    const renamed = await order(eventNumber, packageId, {}, { bytes: await png(), declaredType: 'image/png', fileName: 'logo.jpg' });
    expect(renamed).toMatchObject({ ok: false, errors: { logo: expect.stringContaining('contents are a PNG picture') } });
    const javascript = await order(eventNumber, packageId, { link: 'javascript:alert(1)' });
    expect(javascript).toMatchObject({ ok: false, errors: { link: expect.stringContaining('https://') } });
    const after = await server.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("the price is the package's; an SVG logo is kept only as a PNG the site drew, resized to the logo box", async () => {
    const eventNumber = await newEvent();
    const packageId = await definePackage(eventNumber, { price: '1,000', goodsValue: '0' });
    const opened = await order(eventNumber, packageId, { amount: '1.00', price: '1' }, { bytes: SVG, declaredType: 'image/svg+xml', fileName: 'acme.svg' });
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.value.amount).toBe('1000.00');
    const row = await server.db.selectFrom('sponsorships').select(['logo_png', 'logo_width', 'logo_height']).where('id', '=', opened.value.sponsorshipId).executeTakeFirstOrThrow();
    const meta = await sharp(Buffer.from(row.logo_png)).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([600, 300]);
    expect(Buffer.from(row.logo_png).includes(Buffer.from('<script'))).toBe(false);
    const big = await order(eventNumber, packageId, {}, { bytes: await png(3000, 1000), declaredType: 'image/png', fileName: 'big.png' });
    if (!big.ok) throw new Error('refused');
    const bigRow = await server.db.selectFrom('sponsorships').select(['logo_width', 'logo_height']).where('id', '=', big.value.sponsorshipId).executeTakeFirstOrThrow();
    expect([Number(bigRow.logo_width), Number(bigRow.logo_height)]).toEqual([600, 200]);
  });

  // Several rounds: without the event's lock a round oversells only sometimes, so one round could pass by luck.
  it('20 buyers racing for the last package: exactly one gets it, the others are told it is sold out and no payment is opened for them', async () => {
    const logo = { bytes: await png(), declaredType: 'image/png', fileName: 'logo.png' };
    for (let round = 0; round < 5; round++) {
      const eventNumber = await newEvent();
      const packageId = await definePackage(eventNumber, { quantity: '1' });
      const before = await server.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('purpose', '=', 'sponsorship').executeTakeFirstOrThrow();
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => order(eventNumber, packageId, { companyName: `Racer ${i}` }, logo)));
      const won = answers.filter((a) => a.ok);
      const lost = answers.filter((a) => !a.ok);
      expect(won, `round ${round}`).toHaveLength(1);
      expect(lost).toHaveLength(19);
      for (const answer of lost) expect(answer).toEqual({ ok: false, status: 409, errors: { packageId: SOLD_OUT } });
      const after = await server.db.selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).where('purpose', '=', 'sponsorship').executeTakeFirstOrThrow();
      expect(Number(after.n) - Number(before.n), `round ${round}: payments opened`).toBe(1);
      expect(await server.services.sponsorships.offered(eventNumber)).toEqual([expect.objectContaining({ id: packageId, left: 0 })]);
      if (round === 0) expect(html((await server.client().get(`/events/${eventNumber}`)).text)).toContain('Sold out');
    }
  });

  it('a payment after its hold lapsed and the package sold meanwhile is refunded at once, never oversold', async () => {
    const eventNumber = await newEvent();
    const packageId = await definePackage(eventNumber, { quantity: '1' });
    const slowEmail = `slow.${tag()}@example.org`;
    const late = await order(eventNumber, packageId, { companyName: 'Slow Payer Inc', contactEmail: slowEmail });
    if (!late.ok) throw new Error(JSON.stringify(late.errors));
    // Its hold lapses; the package goes to another business, who pays.
    await server.db.updateTable('sponsorships').set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', late.value.sponsorshipId).execute();
    const other = await buy(eventNumber, packageId, { companyName: 'Quick Payer Inc' });
    expect(other.status).toBe('paid');
    // The slow card goes through after all: refunded in full, told why.
    const client = server.client();
    await client.get(`/events/${eventNumber}/sponsor`);
    expect((await payWithCard(client, late.value.clientSecret)).status).toBe(200);
    const confirmed = await server.services.sponsorships.confirm({ token: late.value.clientSecret, amount: 250_000 });
    expect(confirmed).toEqual({ ok: false, status: 409, errors: { packageId: expect.stringContaining('This package sold out before your payment reached us, so we have refunded your $2,500.00 in full.') } });
    expect(await paymentOfSponsorship(server.db, late.value.sponsorshipId)).toEqual({ status: 'refunded', status_reason: 'event_full' });
    // The email says why in a sponsor's words, not a sign-up's ("the event filled up").
    const refunded = await waitForMail(server.config.mail.outboxDir, (m) => m.to === slowEmail && m.subject.includes('refunded'));
    expect(refunded.text).toContain(SOLD_OUT_BEFORE_PAYMENT);
    expect(refunded.text).not.toContain('filled up');
    const sold = await server.db
      .selectFrom('sponsorships')
      .innerJoin('payments', 'payments.id', 'sponsorships.payment_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('sponsorships.package_id', '=', packageId)
      .where('payments.status', '=', 'paid')
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(1);
  });

  it('the receipt (email, page, PDF) states the value of goods and services received and the deductible part', async () => {
    const eventNumber = await newEvent();
    const packageId = await definePackage(eventNumber, { price: '2,500', goodsValue: '600' });
    const email = `receipt.${tag()}@example.org`;
    const paid = await buy(eventNumber, packageId, { contactEmail: email });
    expect(paid.status).toBe('paid');
    const mail = await waitForMail(server.config.mail.outboxDir, (m) => m.to === email);
    expect(mail.text).toContain('estimated fair-market value of $600.00');
    expect(mail.text).toContain('$1,900.00');
    const url = /(https?:\/\/\S+\/receipts\/\d+\/[\w-]+)/.exec(mail.text)![1]!;
    const path = new URL(url).pathname;
    const page = await server.client().get(path);
    expect(page.status).toBe(200);
    const text = html(page.text);
    expect(text).toContain(`SP-${paid.id}`);
    expect(text).toContain('estimated fair-market value of $600.00');
    expect(text).toContain('$1,900.00');
    const [, paymentId, signature] = /\/receipts\/(\d+)\/([\w-]+)/.exec(path)!;
    const res = await fetch(new URL(`/api/receipts/${paymentId}/${signature}/pdf`, server.url));
    expect(res.status).toBe(200);
    const pdf = (await extractText(await getDocumentProxy(new Uint8Array(await res.arrayBuffer())), { mergePages: true })).text.replace(/\s+/g, ' ');
    expect(pdf).toContain('$600.00');
    expect(pdf).toContain('$1,900.00');
  });
});

describe('approval and display', () => {
  it('a paid sponsor shows nowhere until approved; then on the event page, the Sponsors page and the home page, dearest package first', async () => {
    const eventNumber = await newEvent();
    const gold = await definePackage(eventNumber, { name: `Gold ${tag()}`, price: '2,500' });
    const silver = await definePackage(eventNumber, { name: `Silver ${tag()}`, price: '1,000', goodsValue: '0' });
    const silverName = `Silver Sponsor ${tag()}`;
    const goldName = `Gold Sponsor ${tag()}`;
    const s = await buy(eventNumber, silver, { displayName: silverName });
    const g = await buy(eventNumber, gold, { displayName: goldName });

    // Cached pages first, so the approval must clear them.
    for (const path of [`/events/${eventNumber}`, '/sponsors', '/']) expect(html((await server.client().get(path)).text)).not.toContain(goldName);
    expect((await server.client().get(`/sponsors/logos/${g.sponsorshipId}.png`)).status).toBe(404);

    const list = await admin.get(`/admin/events/${eventNumber}/sponsorships`);
    expect(html(list.text)).toContain(goldName);
    expect(list.text).toContain(`/admin/sponsorships/logos/${g.sponsorshipId}.png`);
    const staffLogo = await admin.get(`/admin/sponsorships/logos/${g.sponsorshipId}.png`);
    expect(staffLogo.headers.get('content-type')).toBe('image/png');

    const rejectWithout = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, { intent: 'reject', sponsorship: String(s.sponsorshipId), reason: '' });
    expect(rejectWithout.status).toBe(400);
    expect(html(rejectWithout.text)).toContain('Say why the logo or name is rejected');
    for (const id of [s.sponsorshipId, g.sponsorshipId]) {
      const approved = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, { intent: 'approve', sponsorship: String(id) });
      expect(approved.status).toBe(200);
    }
    const audit = await server.db.selectFrom('audit_log').select('action').where('subject', '=', `sponsorship:${g.sponsorshipId}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['sponsorship_approved']);

    for (const path of [`/events/${eventNumber}`, '/sponsors', '/']) {
      const text = html((await server.client().get(path)).text);
      expect(text, path).toContain(`/sponsors/logos/${g.sponsorshipId}.png`);
      expect(text.indexOf(`/sponsors/logos/${g.sponsorshipId}.png`), `${path}: gold before silver`).toBeLessThan(text.indexOf(`/sponsors/logos/${s.sponsorshipId}.png`));
    }
    expect(html((await server.client().get(`/events/${eventNumber}`)).text)).toContain(goldName);
    const logo = await server.client().get(`/sponsors/logos/${g.sponsorshipId}.png`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/png');

    const rejected = await submit(admin, `/admin/events/${eventNumber}/sponsorships`, { intent: 'reject', sponsorship: String(g.sponsorshipId), reason: 'The logo is blurry.' });
    expect(rejected.status).toBe(200);
    expect(html((await server.client().get(`/events/${eventNumber}`)).text)).not.toContain(goldName);
    expect((await server.client().get(`/sponsors/logos/${g.sponsorshipId}.png`)).status).toBe(404);
  });

  it('the event day lists: CSV (formula-safe, audited) and the printable sheet', async () => {
    const eventNumber = await newEvent();
    const packageId = await definePackage(eventNumber);
    await buy(eventNumber, packageId, { companyName: '=HYPERLINK("x")', displayName: 'Sheet Sponsor' });
    const csv = await admin.get(`/admin/events/${eventNumber}/sponsorships.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('"Sheet Sponsor"');
    expect(csv.text).toContain(`"'=HYPERLINK(""x"")"`);
    const sheet = await admin.get(`/admin/events/${eventNumber}/sponsorships/sheet`);
    expect(sheet.status).toBe(200);
    expect(html(sheet.text)).toContain('Sheet Sponsor');
    expect((await server.client().get(`/admin/events/${eventNumber}/sponsorships.csv`)).status).not.toBe(200);
  });
});

