import type { Page, TestInfo } from '@playwright/test';
import { formatCents } from '../../common/money';
import { formatMoment } from '../../common/moment';
import { appendAudit } from '../../server/db/repositories/audit-log';
import { createBackOfficeReports } from '../../server/domain/back-office/reports';
import { insertGift, insertMedia, insertPlan, insertRefund, insertSignup } from '../helpers/back-office-rows';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { withAdminDatabase } from './admin-database';
import { E2E_ADMIN_URL } from './e2e-env';
import { expect } from './fixtures';
import { expectNoAxeViolations } from './page-checks';
import { adminTest as test } from './staff';

// The back office's own server and database (see E2E_ADMIN_PORT).
test.use({ baseURL: E2E_ADMIN_URL });

/**
 * What a volunteer sees first on /admin, on rows this test writes: a gift by a named donor, a gift
 * last year on the same date, a declined monthly charge, a refund the card processor refused, an
 * upload waiting for an admin, and an event in five days with a party not paid and no picture.
 * Other tests share this database, so the figures are checked against the report read at the same
 * moment (the integration test pins each figure on a fixed clock); the attention items are this
 * test's own and checked word for word.
 */

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const DAY = 86_400_000;
const ARRIVED_AT = '2031-03-15T14:05:00.000Z';

async function writeFixture(tag: string, eventNumber: number): Promise<{ refundedPayment: number }> {
  return withAdminDatabase(async (db) => {
    await insertGift(db, { email: `quinn.${tag}@example.org`, donorName: `Quinn ${tag}`, amountCents: 12_500, at: iso(60_000) });
    await insertGift(db, { email: `quinn.${tag}@example.org`, donorName: `Quinn ${tag}`, amountCents: 4_000, at: iso(366 * DAY) });
    const first = await insertGift(db, { email: `rae.${tag}@example.org`, donorName: `Rae ${tag}`, amountCents: 2_000, monthly: true, at: iso(40 * DAY) });
    const plan = await insertPlan(db, { email: `rae.${tag}@example.org`, donorName: `Rae ${tag}`, giftCents: 2_000, firstPaymentId: first, at: iso(40 * DAY), nextChargeOn: dayFromNow(28) });
    await insertGift(db, { email: `rae.${tag}@example.org`, donorName: `Rae ${tag}`, amountCents: 2_000, planId: plan, planMonth: dayFromNow(0).slice(0, 7), planAttempt: 1, status: 'failed', statusReason: 'card_declined', at: iso(2 * DAY) });
    const refunded = await insertGift(db, { email: `sol.${tag}@example.org`, donorName: `Sol ${tag}`, amountCents: 7_500, at: iso(3 * DAY) });
    await insertRefund(db, { paymentId: refunded, amountCents: 7_500, status: 'failed', lastError: 'Your card has expired.', at: iso(DAY) });
    await insertMedia(db, { fileName: `pond-${tag}.jpg`, published: false, at: iso(DAY) });
    await createTestEvent(db, { eventNumber, eventType: 'Benefit Event', name: `Supper ${tag}`, eventDate: dayFromNow(5), image: null, signup: { refundDaysBefore: 7 } });
    await appendAudit(db, {
      at: iso(0),
      staffId: null,
      staffEmail: `door.${tag}@foundation.test`,
      action: 'check_in',
      subject: 'player:2',
      summary: `Marked Uma ${tag} as arrived at Supper ${tag}`,
      before: { checkedInAt: null },
      after: { checkedInAt: ARRIVED_AT },
      address: null,
    });
    await insertSignup(db, { eventNumber, kind: 'steakfry', receiptEmail: `party.${tag}@example.org`, places: 2, people: [`Uma ${tag}`, `Vic ${tag}`], amountCents: 6_000, status: 'pending', at: iso(30 * 60_000) });
    return { refundedPayment: refunded };
  });
}

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  // SHOTS_DIR keeps them for a person to look at; otherwise they go with the test's output.
  const dir = process.env.SHOTS_DIR;
  const file = `${name}-${testInfo.project.name}.png`;
  await page.screenshot({ path: dir ? `${dir}/${file}` : testInfo.outputPath(file), fullPage: true });
}

test('the overview shows this year against last year, what needs attention and payers by name, without sideways scrolling', async ({ page }, testInfo) => {
  test.slow(); // fixture rows, a full-page read of the report, axe twice
  const tag = Date.now().toString(36);
  const eventNumber = 7000 + (process.pid % 1000) * 10 + (testInfo.project.name === 'phone' ? 1 : 0);
  await writeFixture(tag, eventNumber);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // Needs attention: this test's items, each linking where it is dealt with.
  const attention = page.getByRole('region', { name: /Needs attention/ });
  const item = (link: string) => attention.getByRole('listitem').filter({ has: page.getByRole('link', { name: link, exact: true }) });
  await expect(item(`$20.00 from Rae ${tag}`)).toContainText('Monthly gift declined');
  await expect(item(`$75.00 back to Sol ${tag}`)).toContainText('Refund failed');
  await expect(item(`$75.00 back to Sol ${tag}`)).toContainText(': Your card has expired. Nothing went back yet.');
  await expect(item(`Upload pond-${tag}.jpg`)).toContainText('Waiting for an admin');
  const supper = attention.getByRole('listitem').filter({ hasText: `Supper ${tag}` });
  await expect(supper).toHaveCount(2);
  await expect(supper.filter({ hasText: '2 places signed up for but not paid.' })).toHaveCount(1);
  await expect(supper.filter({ hasText: 'No picture yet.' })).toHaveCount(1);
  await expect(supper.filter({ hasText: '2 places' }).getByRole('link')).toHaveAttribute('href', `/admin/events/${eventNumber}/registrations`);
  await expect(supper.filter({ hasText: 'No picture' }).getByRole('link')).toHaveAttribute('href', `/admin/events/${eventNumber}/edit`);

  // The figures are the report's at this moment (other tests may add payments meanwhile: read both again until they agree).
  const figures = page.getByRole('region', { name: /so far, against/ });
  await expect(async () => {
    await page.reload();
    const { thisYear, lastYear, monthly } = await withAdminDatabase((db) => createBackOfficeReports({ db }).overview());
    const now = thisYear.figures;
    const before = lastYear.figures;
    await expect(figures.getByRole('heading')).toHaveText(new RegExp(`^${thisYear.year} so far, against ${lastYear.year} by [A-Z][a-z]{2} \\d{1,2}$`));
    const figure = (label: string) => figures.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
    await expect(figure('Raised')).toContainText(formatCents(now.raised.totalCents));
    await expect(figure('Raised')).toContainText(`: ${formatCents(before.raised.totalCents)} (`);
    await expect(figure('Gifts')).toContainText(String(now.gifts));
    await expect(figure('Donors')).toContainText(`${now.newDonors} new, ${now.returningDonors} returning`);
    await expect(figure('Monthly gifts')).toContainText(`${formatCents(monthly.monthlyCents)} a month`);
    expect(now.gifts).toBeGreaterThanOrEqual(1);
    expect(monthly.active).toBeGreaterThanOrEqual(1);
  }).toPass({ timeout: 20_000 });

  // Payers by name: Quinn gave a minute ago (a returning donor, by email, from last year).
  const latest = page.getByRole(testInfo.project.name === 'phone' ? 'list' : 'table', { name: 'Latest payments' });
  await expect(latest).toBeVisible();
  await expect(latest.getByText(`Quinn ${tag}`, { exact: false }).first()).toBeVisible();
  await expect(latest).not.toContainText(`quinn.${tag}@example.org`);

  // No sideways scrolling at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'overview');

  // The audit log reads as words, with times in the foundation's zone.
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const checkIn = page.getByRole('listitem').filter({ hasText: `Marked Uma ${tag} as arrived` });
  await expect(checkIn).toContainText('Marked as arrived · player 2');
  // 14:05 UTC is 10:05 in New York that day.
  await expect(checkIn.getByRole('list', { name: 'Changes' })).toHaveText(`Arrived: was — →, now ${formatMoment(ARRIVED_AT)}`);
  expect(formatMoment(ARRIVED_AT)).toBe('Mar 15, 2031, 10:05 AM');
  await expect(page.getByRole('main')).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  await expect(page.getByRole('main')).not.toContainText('{"');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'audit');
});

test('no back-office page shows a UTC moment: every time is in the foundation time zone @desktop', async ({ page }, testInfo) => {
  test.slow(); // ten pages
  const tag = Date.now().toString(36);
  const eventNumber = 7000 + (process.pid % 1000) * 10 + 5 + (testInfo.project.name === 'phone' ? 1 : 0);
  const { refundedPayment } = await writeFixture(tag, eventNumber);
  const pages = [
    '/admin',
    '/admin/donations',
    `/admin/payments/${refundedPayment}`,
    '/admin/events',
    `/admin/events/${eventNumber}/registrations`,
    `/admin/events/${eventNumber}/check-in`,
    '/admin/announcements',
    '/admin/pages',
    // Not /admin/media: the fixture's upload has no file, so its picture would not load (the page formats its dates like the others).
    '/admin/staff',
    '/admin/audit',
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.getByRole('main').innerText(), path).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  }
});
