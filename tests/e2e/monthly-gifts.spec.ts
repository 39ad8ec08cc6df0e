import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { signedIn } from './accounts';
import { fillCard } from './card';
import { E2E_OUTBOX_DIR } from './e2e-env';
import { expect, test } from './fixtures';

/** Monthly gifts (ADR 027): started in the Donation Form, changed and stopped from the dashboard and from the receipt's link. */

const unique = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

const axeViolations = async (page: Page, include = 'main') => {
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

async function giveMonthly(page: Page, email: string | null, amount: string) {
  await page.goto('/');
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('radio', { name: 'Give monthly' }).check();
  await expect(dialog.getByTestId('monthly-note')).toContainText('We charge the same amount on this day each month');
  await expect(dialog.getByTestId('donation-total')).toHaveText(`Total each month: $${amount}.00`);
  if (email) await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await fillCard(dialog);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await dialog.getByRole('button', { name: `Give $${amount}.00 monthly`, exact: true }).click();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
}

async function changeAndStop(gift: Locator, page: Page) {
  await expect(gift.getByTestId('monthly-gift-status')).toContainText('Next gift on');
  expect(await axeViolations(page)).toEqual([]);
  await gift.getByLabel('Monthly amount').fill('35');
  await gift.getByRole('button', { name: 'Save new amount' }).click();
  await expect(gift.getByRole('status')).toHaveText('Saved: from your next gift you give $35.00 a month.');
  await expect(gift.getByRole('heading', { name: '$35.00 a month' })).toBeVisible();
  await gift.getByLabel('Monthly amount').fill('<script>');
  await gift.getByRole('button', { name: 'Save new amount' }).click();
  await expect(gift.getByText('Enter the amount in dollars and cents, like 20 or $20.00.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await gift.getByRole('button', { name: 'Stop monthly gift' }).click();
  await expect(gift.getByTestId('monthly-gift-status')).toHaveText('Stopped: no more monthly gifts will be charged.');
  await expect(gift.getByRole('button', { name: 'Save new amount' })).toHaveCount(0);
}

test('a signed-in donor starts a monthly gift, then changes and stops it from the dashboard @phone', async ({ page }) => {
  test.slow(); // a payment and axe three times
  const account = await signedIn(page);
  await giveMonthly(page, null, '25');
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Monthly gifts' });
  const gift = section.getByTestId('monthly-gift');
  await expect(gift).toHaveCount(1);
  await expect(gift.getByRole('heading', { name: '$25.00 a month' })).toBeVisible();
  await changeAndStop(gift, page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Monthly gifts' }).getByTestId('monthly-gift-status')).toHaveText('Stopped: no more monthly gifts will be charged.');
  expect(account.email).toBeTruthy();
});

test('a signed-out donor changes and stops a monthly gift from the link in the receipt; a broken link says so @phone', async ({ page }) => {
  test.slow(); // a payment, mail and axe
  const email = unique('monthly');
  await giveMonthly(page, email, '20');
  let link = '';
  await expect(async () => {
    const receipt = (await readOutbox(E2E_OUTBOX_DIR)).find((m) => m.to === email);
    expect(receipt?.text).toContain('This is one of your monthly gifts.');
    link = /https?:\/\/\S+\/giving\/manage\?plan=\d+&sig=[\w-]+/.exec(receipt!.text)![0];
  }).toPass({ timeout: 10_000 });
  const url = new URL(link);
  await page.context().clearCookies({ name: 'session' });
  await page.context().clearCookies({ name: 'signed_in' });
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { name: 'Your monthly gift', level: 1 })).toBeVisible();
  const gift = page.getByTestId('monthly-gift');
  await expect(gift.getByRole('heading', { name: '$20.00 a month' })).toBeVisible();
  await changeAndStop(gift, page);

  await page.goto(`${url.pathname}?plan=${url.searchParams.get('plan')}&sig=${'x'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('This link is not valid or no longer works.');
  expect(await axeViolations(page)).toEqual([]);
});
