import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { yearInFoundationZone } from '../../common/dates';
import { signedIn } from './accounts';
import { payViaApi } from './card';
import { expect, test } from './fixtures';

/**
 * Receipts and year-end statements from the dashboard (ADR 025): the statement PDF is
 * downloaded as a supporter would and its text read back; the receipt page has no axe violation.
 */

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The fixture's steak fry (tests/fixtures/content/events.json): $25 an adult, $15 of dinner each. */
const STEAK_FRY = 15;


async function giveAndDine(page: Page) {
  const account = await signedIn(page);
  await payViaApi(page, 'donation_intent', { amount: '250.00', email: account.email, message: 'For the scholarship' });
  await payViaApi(page, 'steakfry_signup_intent', {
    eventNumber: STEAK_FRY,
    eventDescription: 'Steak fry',
    amount: '100.00',
    receiptEmail: account.email,
    attendees: ['Ann', 'Bob', 'Cy', 'Dee'].map((name) => ({ name, allergies: '', child: false })),
  });
  return account;
}

test('download the year-end statement from the dashboard and read its figures back @phone', async ({ page }) => {
  const account = await giveAndDine(page);
  const year = String(yearInFoundationZone());
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Receipts and tax statements' });
  await expect(section.getByText('$250.00 · Donation')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('link', { name: `Download statement ${year}` }).click()]);
  expect(download.suggestedFilename()).toBe(`giving-statement-${year}.pdf`);
  const pdf = await getDocumentProxy(new Uint8Array(await readFile(await download.path())));
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  expect(text).toContain(`Giving statement for ${year}`);
  expect(text).toContain(`ada lovelace, ${account.email}`);
  expect(text).toContain('EIN 98-7654321');
  // $250 given and $100 for four dinners worth $60: $290 deductible.
  expect(text).toContain('Totals $350.00 $0.00 $60.00 $290.00');
  expect(text).toContain('Total tax-deductible $290.00');
});

test('the receipt page opened from the dashboard: the IRS wording, and no axe violation', async ({ page }) => {
  test.slow(); // two payments, then axe on two pages
  await giveAndDine(page);
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Receipts and tax statements' });
  await section.getByRole('link', { name: /^Receipt S-\d+$/ }).click();
  await expect(page.getByRole('heading', { name: 'Receipt', level: 1 })).toBeVisible();
  await expect(page.getByText('Value of goods or services received')).toBeVisible();
  await expect(page.getByText(/estimated fair-market value of \$60\.00/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the PDF' })).toBeVisible();
  const violations = (await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations).toEqual([]);

  await page.goto('/dashboard');
  await expect(section.getByRole('link', { name: /^Download statement/ })).toBeVisible();
  const dashboardViolations = (await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations.map((v) => v.id);
  expect(dashboardViolations).toEqual([]);
});
