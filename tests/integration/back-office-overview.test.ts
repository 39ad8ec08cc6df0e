import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/back-office';
import { donationTotal } from '../../common/donations';
import { insertGift, insertMedia, insertPageDraft, insertPlan, insertRefund, insertSignup, insertUser } from '../helpers/back-office-rows';
import { appendAudit } from '../../server/db/repositories/audit-log';
import { insertCampaignRow } from '../../server/db/repositories/campaigns';
import { createTestEvent } from '../helpers/events';
import { setUpStaff } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The overview's figures and "Needs attention" list on rows written at chosen moments, read with a
 * fixed "now": 15 March 2031, 11:00 in New York (EDT). This year runs from 1 January 2031 to the
 * end of 15 March; last year's comparison from 1 January 2030 to the end of 15 March 2030.
 */

const NOW = new Date('2031-03-15T15:00:00.000Z');
let server: TestServer;
let overview: Overview;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // No seeded content: only this file's rows are in the database.
  server = await startTestServer({ seed: false });
  const db = server.db;

  const ada = await insertUser(db, { first: 'Ada', last: 'Lovelace', email: 'ada@example.org', at: '2029-01-01T00:00:00.000Z' });
  const dan = await insertUser(db, { first: 'Dan', last: 'Keeper', email: 'dan@example.org', at: '2029-01-01T00:00:00.000Z' });

  // Last year. Ada's June gift is after the same date; Fay's is 1 minute after midnight, 16 March 2030 in New York.
  await insertGift(db, { email: 'ada@example.org', amountCents: 5_000, at: '2030-06-01T15:00:00.000Z' });
  await insertGift(db, { email: 'gus@example.org', amountCents: 20_000, at: '2030-01-01T05:00:00.000Z' }); // 00:00 EST, 1 January
  await insertGift(db, { email: 'erin@example.org', amountCents: 2_500, at: '2030-03-16T03:59:00.000Z' }); // 23:59 EDT, 15 March
  await insertGift(db, { email: 'fay@example.org', amountCents: 7_500, at: '2030-03-16T04:01:00.000Z' });
  await insertGift(db, { email: 'dan.old@example.org', userId: dan, amountCents: 1_000, at: '2029-12-01T15:00:00.000Z' });
  await insertGift(db, { email: 'late@example.org', amountCents: 9_900, at: '2030-01-01T04:30:00.000Z' }); // 23:30 EST, 31 December 2029

  // This year.
  ids.ada = await insertGift(db, { email: 'ada.other@example.org', userId: ada, amountCents: 10_000, at: '2031-01-10T15:00:00.000Z' });
  await insertGift(db, { email: 'BEA@example.org', amountCents: 1_000, at: '2031-02-01T15:00:00.000Z' });
  ids.bea = await insertGift(db, { email: 'bea@example.org', donorName: 'Bea Giver', amountCents: 4_000, at: '2031-03-15T03:30:00.000Z' }); // 23:30 EDT, 14 March
  await insertGift(db, { email: 'dan@example.org', userId: dan, amountCents: 6_000, status: 'partially_refunded', refundedCents: 2_000, at: '2031-02-12T15:00:00.000Z' });
  await insertGift(db, { email: 'carl@example.org', amountCents: 3_000, status: 'refunded', refundedCents: 3_000, at: '2031-02-10T15:00:00.000Z' });
  await insertGift(db, { email: 'pending@example.org', amountCents: 8_000, status: 'pending', at: '2031-03-14T15:00:00.000Z' });
  await insertGift(db, { email: 'failed@example.org', amountCents: 8_000, status: 'failed', statusReason: 'card_declined', at: '2031-03-14T15:00:00.000Z' });

  // Hal gives monthly: January's first gift, February declined once then paid, January's retry long ago, March declined.
  const halFirst = await insertGift(db, { email: 'hal@example.org', donorName: 'Hal Monthly', amountCents: 2_500, monthly: true, at: '2031-01-05T15:00:00.000Z' });
  const hal = await insertPlan(db, { email: 'hal@example.org', donorName: 'Hal Monthly', giftCents: 2_500, firstPaymentId: halFirst, at: '2031-01-05T15:00:00.000Z', nextChargeOn: '2031-03-05' });
  const halGift = { email: 'hal@example.org', donorName: 'Hal Monthly', amountCents: 2_500, planId: hal };
  await insertGift(db, { ...halGift, planMonth: '2031-02', planAttempt: 1, status: 'failed', statusReason: 'card_declined', at: '2031-02-05T14:00:00.000Z' });
  await insertGift(db, { ...halGift, planMonth: '2031-02', planAttempt: 2, at: '2031-02-08T14:00:00.000Z' });
  await insertGift(db, { ...halGift, planMonth: '2031-01', planAttempt: 2, status: 'failed', statusReason: 'card_declined', at: '2031-01-20T14:00:00.000Z' });
  await insertGift(db, { ...halGift, planMonth: '2031-03', planAttempt: 1, status: 'failed', statusReason: 'card_declined', at: '2031-03-02T14:00:00.000Z' });
  ids.halDeclined = await insertGift(db, { ...halGift, planMonth: '2031-03', planAttempt: 2, status: 'failed', statusReason: 'card_declined', at: '2031-03-05T14:00:00.000Z' });
  // Two more plans, begun in 2029: one covering card fees, one stopped.
  const ivyFirst = await insertGift(db, { email: 'ivy@example.org', amountCents: donationTotal(1_000, true).totalCents, monthly: true, at: '2029-06-01T15:00:00.000Z' });
  const joFirst = await insertGift(db, { email: 'jo@example.org', amountCents: 5_000, monthly: true, at: '2029-06-01T15:00:00.000Z' });
  await insertPlan(db, { email: 'ivy@example.org', donorName: 'Ivy', giftCents: 1_000, coverFees: true, firstPaymentId: ivyFirst, at: '2031-03-01T15:00:00.000Z', nextChargeOn: '2031-04-01' });
  await insertPlan(db, { email: 'jo@example.org', donorName: 'Jo', giftCents: 5_000, status: 'stopped', firstPaymentId: joFirst, at: '2031-03-01T15:00:00.000Z', nextChargeOn: '2031-04-01' });
  // A failed one-off gift is not a declined monthly charge.
  await insertGift(db, { email: 'once@example.org', amountCents: 1_500, status: 'failed', statusReason: 'card_declined', at: '2031-03-10T14:00:00.000Z' });

  // Events: the steak fry in five days has no picture and a party not paid; the golf day on the
  // fourteenth day lacks its location, start time and refund policy; the day after is not soon.
  const picture = { src: '/images/golf.jpg', alt: 'Golfers', width: 800, height: 600 };
  await createTestEvent(db, { eventNumber: 901, eventType: 'Benefit Event', name: 'Spring Steak Fry', eventDate: '2031-03-20', startTime: '18:00', location: 'Parish Hall', image: null, signup: { refundDaysBefore: 7 } });
  await createTestEvent(db, { eventNumber: 902, eventType: 'Golf Event', name: 'Golf Day', eventDate: '2031-03-29', startTime: null, location: ' ', image: picture });
  await createTestEvent(db, { eventNumber: 903, eventType: 'Golf Event', name: 'Later Golf', eventDate: '2031-03-30', startTime: null, location: '', image: null });
  await createTestEvent(db, { eventNumber: 904, eventType: 'Golf Event', name: 'Draft Open', eventDate: '2031-04-10', image: picture, published: false });
  await createTestEvent(db, { eventNumber: 905, eventType: 'Golf Event', name: 'Old Draft', eventDate: '2031-03-14', image: picture, published: false });
  await createTestEvent(db, { eventNumber: 906, eventType: 'Golf Event', name: 'Yesterday Golf', eventDate: '2031-03-14', startTime: null, location: '', image: null });
  ids.team = await insertSignup(db, { eventNumber: 902, kind: 'golf', receiptEmail: 'team@example.org', people: ['Pat Putter', 'Sam Swing'], amountCents: 40_000, status: 'partially_refunded', refundedCents: 10_000, at: '2031-02-20T15:00:00.000Z' });
  await insertSignup(db, { eventNumber: 901, kind: 'steakfry', receiptEmail: 'party@example.org', places: 3, people: ['Kim Diner', 'Lee Diner', 'Max Diner'], amountCents: 9_000, status: 'pending', at: '2031-03-15T14:00:00.000Z' });
  await insertSignup(db, { eventNumber: 901, kind: 'steakfry', receiptEmail: 'gone@example.org', places: 2, people: ['Gone Diner', 'Also Gone'], amountCents: 6_000, status: 'expired', at: '2031-03-14T14:00:00.000Z' });

  // Refunds: Ada's failed at the card processor; the team's first try failed, the second went through.
  ids.adaRefund = await insertRefund(db, { paymentId: ids.ada, amountCents: 5_000, status: 'failed', lastError: 'Your card has expired.', at: '2031-03-10T16:00:00.000Z' });
  await insertRefund(db, { paymentId: ids.team, amountCents: 10_000, status: 'failed', lastError: 'Try again later.', at: '2031-03-01T16:00:00.000Z' });
  await insertRefund(db, { paymentId: ids.team, amountCents: 10_000, status: 'succeeded', at: '2031-03-02T16:00:00.000Z' });

  // Waiting for an admin: a volunteer's upload (the archived and the approved ones are not) and a page draft.
  ids.pond = await insertMedia(db, { fileName: 'pond.jpg', published: false, at: '2031-03-12T16:00:00.000Z' });
  await insertMedia(db, { fileName: 'old.jpg', published: false, archived: true, at: '2031-03-12T16:00:00.000Z' });
  await insertMedia(db, { fileName: 'ok.jpg', published: true, at: '2031-03-12T16:00:00.000Z' });
  await insertPageDraft(db, { page: 'cof', staffEmail: 'vol@foundation.test', at: '2031-03-13T16:00:00.000Z' });
  // A volunteer's announcement draft; not one whose dates are over, nor a published one.
  const announcement = (heading: string, published: number, showUntil: string | null) =>
    db.insertInto('announcements').values({ position: 1, image_json: null, heading, link_href: '/events', published, show_from: null, show_until: showUntil, updated_at: null, created_at: '2031-03-14T16:00:00.000Z' }).returning('id').executeTakeFirstOrThrow();
  ids.raffle = Number((await announcement('Raffle draft', 0, null)).id);
  await announcement('Old draft', 0, '2031-03-15T14:00:00.000Z');
  await announcement('Live', 1, null);

  // Campaigns: Bea's gift went to the running one; the ended one and the draft are not shown.
  const campaign = (slug: string, startsOn: string, endsOn: string, published: boolean) =>
    insertCampaignRow(db, { slug, name: slug, story: '', image: null, goalCents: 20_000, startsOn, endsOn, familyYear: null, published }, '2031-01-01T00:00:00.000Z');
  ids.spring = await campaign('spring-drive', '2031-03-01', '2031-03-31', true);
  await campaign('winter-drive', '2031-01-01', '2031-03-14', true);
  await campaign('draft-drive', '2031-03-01', '2031-03-31', false);
  await db.updateTable('donations').set({ campaign_id: ids.spring }).where('payment_id', '=', ids.bea).execute();

  overview = await server.services.backOffice.reports.overview(NOW);
}, 60_000);
afterAll(() => server?.close());

describe('the overview at a fixed moment', () => {
  it('counts this year so far against last year to the same date, in the foundation time zone', () => {
    expect(overview.thisYear).toMatchObject({ year: 2031, through: '2031-03-15' });
    expect(overview.lastYear).toMatchObject({ year: 2030, through: '2030-03-15' });
    // Ada 100 + Bea 10 + 40 + Dan 60 − 20 + Hal 25 + 25 (Carl's refunded in full: 0); the team 400 − 100.
    expect(overview.thisYear.figures.raised).toEqual({ donationsCents: 24_000, events: [{ eventNumber: 902, name: 'Golf Day', cents: 30_000 }], totalCents: 54_000 });
    // Ada, Bea twice, Dan, Hal twice; refunded, pending and failed gifts are not gifts.
    expect(overview.thisYear.figures.gifts).toBe(6);
    // Ada (gave last June, by her account's email) and Dan (gave in 2029 on his account) return; Bea and Hal are new.
    expect(overview.thisYear.figures).toMatchObject({ donors: 4, newDonors: 2, returningDonors: 2 });
    // Gus at midnight on 1 January and Erin a minute before midnight on 15 March; not Fay, a minute after.
    expect(overview.lastYear.figures).toEqual({ raised: { donationsCents: 22_500, events: [], totalCents: 22_500 }, gifts: 2, donors: 2, newDonors: 2, returningDonors: 0 });
  });

  it('shows each published campaign that has not ended with its progress', () => {
    // 31 March included, counted from 15 March: 17 days.
    expect(overview.campaigns).toMatchObject([{ id: ids.spring, name: 'spring-drive', raisedCents: 4_000, goalCents: 20_000, gifts: 1, phase: 'open', daysLeft: 17, percent: 20 }]);
  });

  it('counts the active monthly gifts and what they charge a month, card fees included', () => {
    expect(overview.monthly).toEqual({ active: 2, monthlyCents: 2_500 + donationTotal(1_000, true).totalCents });
  });

  it('lists what needs attention, each exactly once, money first', () => {
    expect(overview.attention).toEqual([
      { kind: 'monthly_declined', paymentId: ids.halDeclined, at: '2031-03-05T14:00:00.000Z', amountCents: 2_500, payer: 'Hal Monthly', reason: 'card_declined' },
      { kind: 'refund_failed', paymentId: ids.ada, refundId: ids.adaRefund, at: '2031-03-10T16:00:00.000Z', amountCents: 5_000, payer: 'Ada Lovelace', error: 'Your card has expired.' },
      { kind: 'event_unpaid', eventNumber: 901, name: 'Spring Steak Fry', eventDate: '2031-03-20', places: 3 },
      { kind: 'event_details_missing', eventNumber: 901, name: 'Spring Steak Fry', eventDate: '2031-03-20', missing: ['picture'] },
      { kind: 'event_details_missing', eventNumber: 902, name: 'Golf Day', eventDate: '2031-03-29', missing: ['location', 'start time', 'refund policy'] },
      { kind: 'media_waiting', mediaId: ids.pond, fileName: 'pond.jpg', at: '2031-03-12T16:00:00.000Z' },
      { kind: 'page_draft', page: 'cof', by: 'vol@foundation.test', at: '2031-03-13T16:00:00.000Z' },
      { kind: 'event_draft', eventNumber: 904, name: 'Draft Open', eventDate: '2031-04-10' },
      { kind: 'announcement_draft', announcementId: ids.raffle, heading: 'Raffle draft', at: '2031-03-14T16:00:00.000Z' },
    ]);
  });

  it('names payers in the latest payments, the email only when no name is known', () => {
    const payers = overview.recentPayments.map((p) => [p.what, p.payer]);
    expect(payers.slice(0, 6)).toEqual([
      ['Donation', 'Bea Giver'],
      ['Golf Day', 'Pat Putter'],
      ['Donation', 'Dan Keeper'],
      ['Donation', 'carl@example.org'],
      ['Donation', 'Hal Monthly'],
      ['Donation', 'BEA@example.org'],
    ]);
  });

  it('shows the figures, the attention list and payers by name on /admin', async () => {
    const client = new ApiClient(server.url);
    await setUpStaff(server, client, 'volunteer');
    const page = await client.get('/admin');
    expect(page.status).toBe(200);
    const html = page.text.replace(/<!-- -->/g, '');
    // The page reads today's figures; the rows above are dated in 2031, so only what does not depend on the date is checked here.
    expect(html).toContain('Needs attention');
    expect(html).toContain('$50.00 back to Ada Lovelace');
    expect(html).toContain('href="/admin/payments/' + ids.ada + '"');
    expect(html).toContain('Upload pond.jpg');
    expect(html).toContain('Draft of About the foundation');
    expect(html).toContain('Bea Giver · Donation');
    // What the page shows (not the data handed to the browser) has no UTC moment in it.
    const shown = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<time[^>]*>/g, '');
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });

  it('shows the audit log before/after as changed fields, with times in the foundation time zone', async () => {
    await appendAudit(server.db, {
      at: '2031-03-15T14:05:00.000Z',
      staffId: null,
      staffEmail: 'door@foundation.test',
      action: 'check_in',
      subject: 'player:2',
      summary: 'Marked Pat Putter as arrived at Golf Day',
      before: { checkedInAt: null },
      after: { checkedInAt: '2031-03-15T14:05:00.000Z' },
      address: null,
    });
    const client = new ApiClient(server.url);
    await setUpStaff(server, client, 'admin');
    const page = await client.get('/admin/audit');
    expect(page.status).toBe(200);
    const shown = page.text.replace(/<!-- -->/g, '').replace(/<script[\s\S]*?<\/script>/g, '').replace(/<time[^>]*>/g, '').replace(/<[^>]+>/g, '');
    expect(shown).toContain('Marked as arrived · player 2');
    expect(shown).toContain('Arrived: was — →, now Mar 15, 2031, 10:05 AM');
    expect(shown).toContain('Mar 15, 2031, 10:05 AM · door@foundation.test');
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(shown).not.toContain('checkedInAt');
  });
});
