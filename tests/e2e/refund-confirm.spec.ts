import type { Page } from '@playwright/test';
import { signedIn } from './accounts';
import { payViaApi } from './card';
import { E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { expectNoAxeViolations } from './page-checks';
import { adminTest as test } from './staff';

// The back office's own server and database (see E2E_ADMIN_PORT).
test.use({ baseURL: E2E_ADMIN_URL });

/** Issue 33, bug 3: a refund is stated and confirmed before it is made, at 1280 and 390 px. */

const SHOTS = screenshotDir('bugs');

async function expectNoSidewaysScroll(page: Page) {
  // Against the viewport asked for: a phone's layout viewport grows with what overflows.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('a refund states the amount, the payer and the reason, and happens only when confirmed', async ({ page }, testInfo) => {
  test.slow(); // a payment, two posts and axe three times
  const tag = `rc${Date.now().toString(36)}${testInfo.project.name}`;
  await signedIn(page);
  await payViaApi(page, 'donation_intent', { amount: '40.00', email: `casey.${tag}@example.org`, message: `Refund ${tag}` });

  await page.goto(`/admin/donations?q=${tag}`);
  await page.getByRole('link', { name: /^Donation of \$40\.00/ }).first().click();
  await expect(page.getByRole('heading', { name: 'Refund', exact: true })).toBeVisible();
  // No reason chosen for staff, and the first button only reviews.
  await expect(page.getByLabel('Reason')).toHaveValue('');
  await page.getByRole('button', { name: 'Review the refund' }).click();
  await expect(page.getByText('Enter how much to refund, like 20.00, or choose “Refund everything left”.')).toBeVisible();
  await expect(page.getByText('Choose why the money goes back.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel('Amount to refund ($)').fill('15');
  await page.getByLabel('Reason').selectOption('staff');
  await page.getByLabel('Note for the record (not sent to the payer)').fill('Gave twice by mistake');
  await page.getByRole('button', { name: 'Review the refund' }).click();
  const question = page.getByRole('heading', { name: new RegExp(`^Refund \\$15\\.00 of \\$40\\.00 to .*\\(casey\\.${tag}@example\\.org\\)\\?$`) });
  await expect(question).toBeVisible();
  await expect(question).toBeFocused();
  await expect(page.getByText('$25.00 stays paid.')).toBeVisible();
  await expect(page.getByText('Refunded', { exact: true })).toHaveCount(1); // the fact row only: nothing refunded yet
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: `${SHOTS}/refund-confirm-${testInfo.project.name}.png`, fullPage: true });

  // "No, go back" keeps what was typed.
  await page.getByRole('button', { name: 'No, go back' }).click();
  await expect(page.getByLabel('Amount to refund ($)')).toHaveValue('15.00');
  await expect(page.getByLabel('Reason')).toHaveValue('staff');
  await page.getByRole('button', { name: 'Review the refund' }).click();
  await page.getByRole('button', { name: 'Yes, refund $15.00' }).click();
  await expect(page.getByText('Refunded $15.00. The payer has been emailed.')).toBeVisible();
  await expect(page.getByText(/\$15\.00 · Foundation's decision · done/)).toBeVisible();
  // What is left can still be refunded, and says so.
  await expect(page.getByRole('button', { name: 'Refund everything left ($25.00)…' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SHOTS}/refund-done-${testInfo.project.name}.png`, fullPage: true });
});
