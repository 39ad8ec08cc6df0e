import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../common/back-office';
import { donationTotal } from '../../common/donations';
import { appendAudit } from '../../server/db/repositories/audit-log';
import { OVERVIEW_NOW, writeOverviewFixture } from '../helpers/overview-fixture';
import { setUpStaff } from '../helpers/staff';
import { ApiClient, startTestServer, type TestServer } from '../helpers/test-server';

const NOW = OVERVIEW_NOW;
let server: TestServer;
let overview: Overview;
let ids: Record<string, number>;

beforeAll(async () => {
  // No seeded content: only the fixture's rows are in the database.
  server = await startTestServer({ seed: false });
  ids = await writeOverviewFixture(server.db);
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
