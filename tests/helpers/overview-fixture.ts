import type { Db } from '../../server/db/database';
import { donationTotal } from '../../common/donations';
import { insertCampaignRow } from '../../server/db/repositories/campaigns';
import { insertGift, insertMedia, insertPageDraft, insertPlan, insertRefund, insertSignup, insertUser } from './back-office-rows';
import { createTestEvent } from './events';

/**
 * Rows for the overview's figures and "Needs attention" list, written at chosen moments and read
 * with a fixed "now": 15 March 2031, 11:00 in New York (EDT). This year runs from 1 January 2031 to the
 * end of 15 March; last year's comparison from 1 January 2030 to the end of 15 March 2030.
 */

export const OVERVIEW_NOW = new Date('2031-03-15T15:00:00.000Z');

/** Writes the rows on an empty database; answers the ids the checks name. */
export async function writeOverviewFixture(db: Db): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};

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
  ids.partyPending = await insertSignup(db, { eventNumber: 901, kind: 'steakfry', receiptEmail: 'party@example.org', places: 3, people: ['Kim Diner', 'Lee Diner', 'Max Diner'], amountCents: 9_000, status: 'pending', at: '2031-03-15T14:00:00.000Z' });
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

  return ids;
}
