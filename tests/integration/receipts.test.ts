import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDayOf, yearInFoundationZone } from '../../common/dates';
import type { UserReceipts } from '../../common/receipts';
import { NO_GOODS_OR_SERVICES } from '../../common/tax-receipts';
import { payWithCard, signedInUser } from '../helpers/accounts';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { locationOf, setUpStaff, submit } from '../helpers/staff';
import { startTestServer, testDbKind, type ApiClient, type TestServer } from '../helpers/test-server';

/**
 * Receipts and year-end statements (ADR 025): who may open them, what the PDFs say
 * (read back with unpdf), the quid pro quo figures, a statement with a partial refund, and the
 * January job mailing each supporter once, even from two instances at once.
 */

let server: TestServer;
const GOLF = 951; // $400 a team, $180 of golf, carts and dinner received
const DINNER = 952; // $25 an adult ($15 of dinner), $15 a child ($8)

beforeAll(async () => {
  server = await startTestServer({ pages: 'build' });
  await createTestEvent(server.db, { eventNumber: GOLF, eventType: 'Golf Event', name: 'Receipt Open', signup: { fairValueCents: 18_000 } });
  await createTestEvent(server.db, { eventNumber: DINNER, eventType: 'Benefit Event', name: 'Receipt Steak Fry', signup: { fairValueCents: 1_500, childFairValueCents: 800 } });
});
afterAll(() => server?.close());

async function pdfText(path: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(new URL(path, server.url));
  if (res.status !== 200) return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return { status: res.status, type: res.headers.get('content-type'), text: text.replace(/\s+/g, ' ') };
}

async function supporter(label: string) {
  const client = server.client();
  const user = await signedInUser(client, label);
  return { client, user, headers: user.authorization };
}

async function donate(client: ApiClient, headers: Record<string, string>, amount: string, email: string) {
  const created = await client.post('/api/stripe/donation_intent', { amount, email, message: 'For the scholarship' }, { headers });
  expect(created.status).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  expect((await client.post('/api/stripe/save_donation', { amount, token: secret })).status).toBe(200);
}

async function signUp(client: ApiClient, headers: Record<string, string>, kind: 'golf' | 'steakfry', body: Record<string, unknown>) {
  const created = await client.post(`/api/stripe/${kind}_signup_intent`, body, { headers });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const secret = created.json.clientSecret as string;
  expect((await payWithCard(client, secret)).status).toBe(200);
  expect((await client.post(`/api/stripe/save_${kind}_signup`, { amount: body.amount, token: secret }, { headers })).status).toBe(200);
}

const golfTeam = {
  eventNumber: GOLF,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail: 'captain.receipts@example.org',
  ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => [[`player${n}Name`, `Golfer ${n}`], [`player${n}Email`, n === 1 ? 'golfer.receipts@example.org' : ''], [`player${n}ShirtSize`, 'L']])),
};
// Three adults and a child: $90 paid for $53 of dinners.
const party = {
  eventNumber: DINNER,
  eventDescription: 'Steak fry',
  amount: '90.00',
  receiptEmail: 'family.receipts@example.org',
  attendees: [{ name: 'Ann' }, { name: 'Bob' }, { name: 'Cy' }, { name: 'Dee', child: true }].map((a) => ({ allergies: '', child: false, ...a })),
};

describe(`receipts and statements (${testDbKind()})`, () => {
  let owner: Awaited<ReturnType<typeof supporter>>;
  let list: UserReceipts;
  let givenAt: Date;
  const thisYear = yearInFoundationZone();

  beforeAll(async () => {
    owner = await supporter('receipts');
    givenAt = new Date();
    await donate(owner.client, owner.headers, '300', owner.user.account.email);
    await signUp(owner.client, owner.headers, 'golf', golfTeam);
    await signUp(owner.client, owner.headers, 'steakfry', party);
    const res = await owner.client.request('GET', '/api/user/receipts', { headers: owner.headers });
    expect(res.status).toBe(200);
    list = res.json as unknown as UserReceipts;
  });

  const receiptFor = (description: RegExp) => list.receipts.find((r) => description.test(r.description))!;

  it('lists every paid payment of the account, newest first, and a statement for this year', () => {
    expect(list.receipts.map((r) => r.description)).toEqual([expect.stringMatching(/^Benefit Event sign-up: Receipt Steak Fry/), expect.stringMatching(/^Golf Event sign-up: Receipt Open/), 'Donation']);
    expect(list.receipts.map((r) => r.amountCents)).toEqual([9_000, 40_000, 30_000]);
    expect(list.statements).toEqual([{ year: thisYear, url: expect.stringMatching(new RegExp(`^/api/statements/\\d+/${thisYear}/[\\w-]{32}/pdf$`)) }]);
  });

  it("a gift of $250 or more: the page and the PDF name the foundation, its EIN, the date, the amount, and carry the IRS wording", async () => {
    const gift = receiptFor(/^Donation$/);
    expect(gift.number).toMatch(/^D-\d+$/);
    const page = await owner.client.get(gift.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('no-store');
    expect(page.text).toContain('<meta name="referrer" content="no-referrer"/>');
    for (const expected of ['Test Valley Foundation', '98-7654321', gift.number, '$300.00', NO_GOODS_OR_SERVICES, 'contemporaneous written acknowledgement']) expect(page.text).toContain(expected);

    // The day it was paid, in the foundation's zone (midnight may have passed since the gift).
    expect([formatDayOf(givenAt), formatDayOf(new Date())]).toContain(gift.paidOn);
    const pdf = await pdfText(gift.pdfUrl);
    expect(pdf.type).toBe('application/pdf');
    for (const expected of ['Test Valley Foundation', 'EIN 98-7654321', `Receipt number ${gift.number}`, `Date paid ${gift.paidOn}`, 'Amount paid $300.00', NO_GOODS_OR_SERVICES]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.text).toContain("Test Valley Foundation's contemporaneous written acknowledgement of your contribution of $300.00");
  });

  it('an event payment over $75 states the value received and the deductible part (quid pro quo)', async () => {
    const golf = await pdfText(receiptFor(/^Golf Event/).pdfUrl);
    expect(golf.text).toContain('Value of goods or services received $180.00');
    expect(golf.text).toContain('Tax-deductible part $220.00');
    expect(golf.text).toContain('limited to the excess of the amount you paid ($400.00) over the value of the goods or services provided by Test Valley Foundation: $220.00');
    expect(golf.text).not.toContain(NO_GOODS_OR_SERVICES);
    // $220 of contribution is under $250: no written acknowledgement is claimed.
    expect(golf.text).not.toContain('written acknowledgement');

    // Three adults at $15 and a child at $8 of dinner received, for $90 paid.
    const dinner = await pdfText(receiptFor(/^Benefit Event/).pdfUrl);
    expect(dinner.text).toContain('estimated fair-market value of $53.00');
    expect(dinner.text).toContain('Tax-deductible part $37.00');
  });

  it('renders a receipt once per version: the same request again is answered from the kept copy, a refund makes a new one', async () => {
    const golf = receiptFor(/^Golf Event/);
    const kept = () => server.db.selectFrom('pdf_cache').select('key').where('key', 'like', `receipt:${golf.paymentId}:%`).execute();
    const first = await fetch(new URL(golf.pdfUrl, server.url));
    expect(first.status).toBe(200);
    const [row, ...more] = await kept();
    expect(more).toEqual([]);
    // Mark the kept copy: a second answer carrying the mark was not rendered again.
    const marked = Buffer.concat([Buffer.from(await first.arrayBuffer()), Buffer.from('\n%kept copy\n', 'latin1')]);
    await server.db.updateTable('pdf_cache').set({ bytes: marked }).where('key', '=', row!.key).execute();
    const second = await fetch(new URL(golf.pdfUrl, server.url));
    expect(Buffer.from(await second.arrayBuffer()).equals(marked)).toBe(true);

    // What the receipt shows changed (a refund): a new version, the old copy dropped.
    await server.db.updateTable('payments').set({ refunded_cents: 1_000 }).where('id', '=', golf.paymentId).execute();
    try {
      expect((await pdfText(golf.pdfUrl)).text).toContain('Refunded $10.00');
      const now = await kept();
      expect(now).toHaveLength(1);
      expect(now[0]!.key).not.toBe(row!.key);
    } finally {
      await server.db.updateTable('payments').set({ refunded_cents: 0 }).where('id', '=', golf.paymentId).execute();
    }
  });

  it('limits PDF downloads per address, unknown links included, with a message saying when to try again', async () => {
    const client = server.client();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await client.get(i % 2 === 0 ? receiptFor(/^Donation$/).pdfUrl : '/api/receipts/1/not-a-signature/pdf')).status);
    expect(new Set(statuses)).toEqual(new Set([200, 404]));
    const refused = await client.get(receiptFor(/^Donation$/).pdfUrl);
    expect(refused.status).toBe(429);
    expect(refused.json.pdf).toMatch(/^Too many downloads from this network\. Please try again in \d+ minutes?\.$/);
    // Another address is not held back.
    expect((await server.client().get(receiptFor(/^Donation$/).pdfUrl)).status).toBe(200);
  });

  it("nobody else opens a receipt: another account's gets 404, a changed link 404, no token 401", async () => {
    const gift = receiptFor(/^Donation$/);
    const other = await supporter('nosy');
    await donate(other.client, other.headers, '20', other.user.account.email);
    const theirs = ((await other.client.request('GET', '/api/user/receipts', { headers: other.headers })).json as unknown as UserReceipts).receipts[0]!;

    expect((await owner.client.request('GET', `/api/user/receipts/${gift.paymentId}`, { headers: owner.headers })).json).toMatchObject({ number: gift.number, amountCents: 30_000 });
    const nosy = await other.client.request('GET', `/api/user/receipts/${gift.paymentId}`, { headers: other.headers });
    expect(nosy.status).toBe(404);
    expect(nosy.json).toEqual({ receipt: 'There is no such receipt on your account.' });
    expect((await other.client.get(`/api/user/receipts/${gift.paymentId}`)).status).toBe(401);
    expect((await other.client.get('/api/user/receipts')).status).toBe(401);

    // A signature opens only the payment it was made for.
    const [, , , mySignature] = gift.url.split('/');
    const [, , theirId] = theirs.url.split('/');
    expect((await other.client.get(`/receipts/${theirId}/${mySignature}`)).status).toBe(404);
    expect((await pdfText(`/api/receipts/${theirId}/${mySignature}/pdf`)).status).toBe(404);
    expect((await other.client.get(`${gift.url.slice(0, -1)}${gift.url.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);
    expect((await other.client.get(`/receipts/${gift.paymentId}/not-a-signature`)).status).toBe(404);
    // A statement link cannot be moved to another account or year.
    const statement = list.statements[0]!.url;
    const [, , , userId, year, signature] = statement.split('/');
    expect((await pdfText(`/api/statements/${Number(userId) + 1}/${year}/${signature}/pdf`)).status).toBe(404);
    expect((await pdfText(`/api/statements/${userId}/${Number(year) - 1}/${signature}/pdf`)).status).toBe(404);
  });

  it('the receipt email links to the receipt page, which opens signed out', async () => {
    const gift = receiptFor(/^Donation$/);
    const mail = await server.db.selectFrom('mail_outbox').select(['text_body']).where('payment_id', '=', gift.paymentId).where('purpose', '=', 'donation_paid').executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Your receipt as a page and a PDF: ${server.url}${gift.url}`);
    const golf = receiptFor(/^Golf Event/);
    const confirmation = await server.db.selectFrom('mail_outbox').select(['text_body']).where('payment_id', '=', golf.paymentId).executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain(`Your receipt for your tax records: ${server.url}${golf.url}`);
    expect((await server.client().get(gift.url)).status).toBe(200);
  });

  it("the year's statement lists every payment with refunds netted and the deductible totals", async () => {
    const gift = receiptFor(/^Donation$/);
    await server.services.payments.refund(gift.paymentId, { amountCents: 10_000, reason: 'staff', requestKey: `statement-test-${gift.paymentId}` });
    const statement = await pdfText(list.statements[0]!.url);
    expect(statement.status).toBe(200);
    expect(statement.text).toContain(`Giving statement for ${thisYear}`);
    expect(statement.text).toContain(`Prepared for test receipts, ${owner.user.account.email}`);
    expect(statement.text).toContain('EIN 98-7654321');
    // Paid $790 ($300 + $400 + $90), $100 given back, $233 of goods received ($180 + $53), $457 deductible ($200 + $220 + $37).
    expect(statement.text).toContain('Totals $790.00 $100.00 $233.00 $457.00');
    expect(statement.text).toContain('Total kept after refunds $690.00');
    expect(statement.text).toContain('Total tax-deductible $457.00');
    // The gift's own line: $300 paid, $100 refunded, nothing received, $200 deductible.
    expect(statement.text).toMatch(/D-\d+ Donation \$300\.00 \$100\.00 \$0\.00 \$200\.00/);

    // The receipt itself now says what was refunded and kept.
    const receipt = await pdfText(gift.pdfUrl);
    expect(receipt.text).toContain('Refunded $100.00');
    expect(receipt.text).toContain('Amount kept $200.00');
    expect(receipt.text).toContain('Tax-deductible part $200.00');
  });

  it('in January the job mails each supporter with payments last year their statement, once, even from two instances', async () => {
    const second = await startTestServer({ pages: 'none', sameDatabaseAs: server });
    try {
      const january = new Date(Date.UTC(thisYear + 1, 0, 10, 15));
      const statementMails = () => server.db.selectFrom('mail_outbox').selectAll().where('purpose', '=', 'year_end_statement').where('to_address', '=', owner.user.account.email).execute();

      // Outside January nothing goes, even for the year just ended.
      expect(await server.services.receipts.sendYearEndStatements(new Date(Date.UTC(thisYear + 1, 1, 10, 15)))).toEqual({ year: null, queued: 0 });
      expect(await server.services.receipts.sendYearEndStatements(new Date(Date.UTC(thisYear, 11, 31, 15)))).toEqual({ year: null, queued: 0 });
      expect(await statementMails()).toHaveLength(0);

      const runs = await Promise.all([server.services.receipts.sendYearEndStatements(january), second.services.receipts.sendYearEndStatements(january)]);
      expect(runs.map((r) => r.year)).toEqual([thisYear, thisYear]);
      await server.services.receipts.sendYearEndStatements(new Date(Date.UTC(thisYear + 1, 0, 31, 15)));
      const mails = await statementMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Your ${thisYear} giving statement from Test Valley Foundation`);
      expect(mails[0]!.dedupe_key).toMatch(new RegExp(`^statement:${thisYear}:user:\\d+$`));
      expect(mails[0]!.attachments_json).toBeNull();
      expect(mails[0]!.text_body).toContain('Total given (after refunds): $690.00');
      expect(mails[0]!.text_body).toContain('Tax-deductible: $457.00');
      const link = /Download your statement \(PDF\): (\S+)/.exec(mails[0]!.text_body)![1]!;
      expect(link).toBe(`${server.url}${list.statements[0]!.url}`);
      expect((await pdfText(link)).text).toContain('Totals $790.00 $100.00 $233.00 $457.00');

      // A January a year later looks at a year with no payments: nothing more.
      await server.services.receipts.sendYearEndStatements(new Date(Date.UTC(thisYear + 2, 0, 10, 15)));
      expect(await statementMails()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

/** The back office's event form for a steak fry, as a volunteer fills it in. */
const dinnerFields = (overrides: Record<string, string>) => ({
  eventType: 'Benefit Event',
  name: 'Value Supper',
  description: 'Steak and sides.',
  location: 'Testburg, PA',
  eventDate: dayFromNow(50),
  startTime: '18:00',
  active: 'on',
  price: '25.00',
  childPrice: '15.00',
  capacity: '',
  refundDaysBefore: '',
  signupOpensOn: '',
  signupClosesOn: '',
  'statText.0': 'Adults',
  'statPrice.0': 'price',
  proceeds: 'Scholarships',
  ...overrides,
});

describe(`the value received, as staff set it on an event (${testDbKind()})`, () => {
  const text = (body: string) => body.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'");

  it('is saved per adult and per child, shown again in the form, and never more than the price it comes with', async () => {
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const refused = await submit(admin, '/admin/events/new?type=Benefit%20Event', dinnerFields({ fairValue: '30.00', childFairValue: 'lots' }));
    expect(refused.status).toBe(400);
    expect(text(refused.text)).toContain('The value per adult cannot be more than the price it comes with.');
    expect(text(refused.text)).toContain('The value per child must be an amount in dollars, like 45.00, or 0.');

    const created = await submit(admin, '/admin/events/new?type=Benefit%20Event', dinnerFields({ fairValue: '15.00', childFairValue: '8.50' }));
    expect(created.status, text(created.text).slice(0, 400)).toBe(302);
    const eventNumber = Number(/\/admin\/events\/(\d+)\/edit/.exec(locationOf(created))![1]);
    expect(await server.db.selectFrom('events').select(['fair_value_cents', 'child_fair_value_cents']).where('event_number', '=', eventNumber).executeTakeFirst()).toEqual({
      fair_value_cents: 1_500,
      child_fair_value_cents: 850,
    });
    const form = text((await admin.get(`/admin/events/${eventNumber}/edit`)).text);
    expect(form).toMatch(/name="fairValue"[^>]*value="15.00"/);
    expect(form).toMatch(/name="childFairValue"[^>]*value="8.50"/);

    // Left empty: nothing received.
    const none = await submit(admin, '/admin/events/new?type=Benefit%20Event', dinnerFields({ name: 'Free Supper' }));
    const noneNumber = Number(/\/admin\/events\/(\d+)\/edit/.exec(locationOf(none))![1]);
    expect(await server.db.selectFrom('events').select(['fair_value_cents', 'child_fair_value_cents']).where('event_number', '=', noneNumber).executeTakeFirst()).toEqual({
      fair_value_cents: 0,
      child_fair_value_cents: 0,
    });
  });
});

describe(`the value received is the one of the day the sign-up was made (${testDbKind()})`, () => {
  const SUPPER = 953; // $25 an adult ($15 of dinner), $15 a child ($8), until staff raise the value
  const supperFields = (fairValue: string, childFairValue: string) => dinnerFields({ name: 'Snapshot Supper', eventDate: dayFromNow(55), fairValue, childFairValue });

  it('a volunteer changing the event’s value later changes neither the receipt, its PDF nor the statement; new sign-ups get the new value', async () => {
    await createTestEvent(server.db, { eventNumber: SUPPER, eventType: 'Benefit Event', name: 'Snapshot Supper', signup: { priceCents: 2_500, childPriceCents: 1_500, fairValueCents: 1_500, childFairValueCents: 800 } });
    const family = await supporter('snapshot');
    // Three adults and a child: $90 paid for $53 of dinners.
    await signUp(family.client, family.headers, 'steakfry', { ...party, eventNumber: SUPPER, receiptEmail: 'family.snapshot@example.org' });
    const receipts = async () => ((await family.client.request('GET', '/api/user/receipts', { headers: family.headers })).json as unknown as UserReceipts).receipts;
    const [before] = await receipts();
    expect((await pdfText(before!.pdfUrl)).text).toContain('estimated fair-market value of $53.00');

    // A volunteer raises the value in the back office: $20 an adult, $10 a child.
    const admin = server.client();
    await setUpStaff(server, admin, 'admin');
    const edited = await submit(admin, `/admin/events/${SUPPER}/edit`, supperFields('20.00', '10.00'));
    expect(edited.status, edited.text.slice(0, 400)).toBe(302);
    expect(await server.db.selectFrom('events').select(['fair_value_cents', 'child_fair_value_cents']).where('event_number', '=', SUPPER).executeTakeFirst()).toEqual({
      fair_value_cents: 2_000,
      child_fair_value_cents: 1_000,
    });

    // The first sign-up keeps $53: the API, the page, the PDF.
    expect((await family.client.request('GET', `/api/user/receipts/${before!.paymentId}`, { headers: family.headers })).json).toMatchObject({ fairValueCents: 5_300, deductibleCents: 3_700 });
    const page = await server.client().get(before!.url);
    expect(page.text.replaceAll('<!-- -->', '')).toContain('estimated fair-market value of $53.00');
    const pdf = await pdfText(before!.pdfUrl);
    expect(pdf.text).toContain('Value of goods or services received $53.00');
    expect(pdf.text).toContain('Tax-deductible part $37.00');

    // The party drops an adult (no online refunds for this event): the value is that of who still
    // comes, at the values of the day they signed up: 2 × $15 + $8 = $38, not 2 × $20 + $10.
    const signupId = Number(before!.number.slice(2));
    const smaller = { ...party, eventNumber: SUPPER, receiptEmail: 'family.snapshot@example.org', attendees: party.attendees.filter((a) => a.name !== 'Cy') };
    const changed = await family.client.request('PUT', `/api/user/signups/${signupId}`, { body: smaller, headers: family.headers });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect((await pdfText(before!.pdfUrl)).text).toContain('Value of goods or services received $38.00');

    // The same party signed up again now gets the new value: 3 × $20 + $10 = $70 of $90.
    await signUp(family.client, family.headers, 'steakfry', { ...party, eventNumber: SUPPER, receiptEmail: 'family.snapshot@example.org' });
    const [after] = await receipts();
    expect(after!.paymentId).not.toBe(before!.paymentId);
    expect((await pdfText(after!.pdfUrl)).text).toContain('Value of goods or services received $70.00');

    // The statement: $180 paid, $108 received ($38 + $70), $72 deductible ($52 + $20).
    const statementUrl = ((await family.client.request('GET', '/api/user/receipts', { headers: family.headers })).json as unknown as UserReceipts).statements[0]!.url;
    expect((await pdfText(statementUrl)).text).toContain('Totals $180.00 $0.00 $108.00 $72.00');
  });
});
