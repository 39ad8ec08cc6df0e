import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { signedIn } from './accounts';
import { fillCard } from './card';
import { E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expectNoSidewaysScrolling } from './page-checks';
import { expect, test } from './fixtures';
import { adminTest } from './staff';

/**
 * The Donation Form (issue 33, ADR 046): suggested amounts as large choices, a give button that
 * names the total, a thank-you panel with the receipt, and monthly gifts on the account page too;
 * at 1280 and 390 px. The settings journey changes the back-office site's settings, so it runs at
 * one width (the phone layout of its page is checked inside it).
 */

const SHOTS = screenshotDir('giving-form');
const unique = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

const axeViolations = async (page: Page, include: string) => {
  const results = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

const shot = (page: Page, info: TestInfo, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${info.project.name === 'phone' ? 390 : 1280}.png`, fullPage: false });


async function openDonationForm(page: Page) {
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a gift of a suggested amount with card fees: the button names the total, and the thank-you panel has the receipt, dedication and share links', async ({ page }, info) => {
  test.slow(); // a payment and axe twice
  await page.goto('/');
  const dialog = await openDonationForm(page);
  const choices = dialog.getByRole('group', { name: 'Choose an amount' });
  await expect(choices.getByRole('radio')).toHaveCount(4);
  await expect(dialog.getByRole('button', { name: 'Give', exact: true })).toBeVisible();
  await choices.getByRole('radio', { name: /^\$50 / }).check();
  await expect(choices.getByText('a tank of gas for trips to treatment')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Give $50.00', exact: true })).toBeVisible();
  await dialog.getByLabel('Add 3% to cover card fees').check();
  await expect(dialog.getByTestId('donation-total')).toHaveText('Total to pay: $51.50 (your $50.00 gift and $1.50 for card fees)');
  // Another amount typed replaces the choice; choosing again clears it.
  await dialog.getByLabel('Other amount').fill('50.50');
  await expect(choices.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Give $52.02', exact: true })).toBeVisible();
  await choices.getByRole('radio', { name: /^\$100 / }).check();
  await expect(dialog.getByLabel('Other amount')).toHaveValue('');
  const email = unique('suggested');
  await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await dialog.getByLabel('Your name (optional)').fill('Carol Giver');
  await dialog.getByLabel('Give anonymously').check();
  await dialog.getByRole('radio', { name: 'In honor of' }).check();
  await dialog.getByLabel('Name of the person honored').fill('Grace Hopper');
  await fillCard(dialog);
  await expectNoSidewaysScrolling(page);
  await choices.scrollIntoViewIfNeeded();
  await shot(page, info, 'form-suggested');
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await dialog.getByRole('button', { name: 'Give $103.00', exact: true }).click();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
  const thanks = dialog.getByRole('region', { name: 'You gave $103.00' });
  await expect(thanks).toBeVisible();
  await expect(thanks.getByRole('heading', { name: 'You gave $103.00' })).toBeFocused();
  await expect(thanks).toContainText(`Receipt sent to ${email}.`);
  await expect(thanks).toContainText('In honor of Grace Hopper.');
  await expect(thanks).toContainText('Given anonymously: your name is kept from any public list.');
  await expect(thanks.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http/);
  await expect(thanks.getByRole('link', { name: /Share on X/ })).toHaveAttribute('href', /^https:\/\/x\.com\/intent\/post\?/);
  await expect(thanks.getByRole('link', { name: 'Share on Email' })).toHaveAttribute('href', /^mailto:\?subject=/);
  await expect(dialog.getByRole('button', { name: 'Give $103.00', exact: true })).toBeDisabled();
  await expectNoSidewaysScrolling(page);
  await shot(page, info, 'thank-you');
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await thanks.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page).toHaveURL(/\/receipts\/\d+\/[\w-]+$/);
  await expect(page.getByRole('main')).toContainText('$103.00');
});

test('a monthly gift: the button says monthly, the thank-you says each month, and the account page manages it', async ({ page }, info) => {
  test.slow(); // a payment and axe three times
  await signedIn(page);
  await page.goto('/');
  const dialog = await openDonationForm(page);
  await dialog.getByRole('group', { name: 'Choose an amount' }).getByRole('radio', { name: /^\$25 / }).check();
  await dialog.getByRole('radio', { name: 'Give monthly' }).check();
  await expect(dialog.getByRole('button', { name: 'Give $25.00 monthly', exact: true })).toBeVisible();
  await dialog.getByLabel('Other amount').fill('20');
  await expect(dialog.getByRole('button', { name: 'Give $20.00 monthly', exact: true })).toBeVisible();
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $20.00 monthly', exact: true }).click();
  const thanks = dialog.getByRole('region', { name: 'You give $20.00 each month' });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText('Change the amount or stop at any time');
  await expect(thanks.getByRole('link', { name: 'View your receipt' })).toHaveAttribute('href', /^\/receipts\/\d+\/[\w-]+$/);
  await shot(page, info, 'thank-you-monthly');
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Monthly gifts' });
  const gift = section.getByTestId('monthly-gift');
  await expect(gift.getByRole('heading', { name: '$20.00 a month' })).toBeVisible();
  await expectNoSidewaysScrolling(page);
  await section.scrollIntoViewIfNeeded();
  await shot(page, info, 'account-monthly');
  expect(await axeViolations(page, 'main')).toEqual([]);
  await gift.getByLabel('Monthly amount').fill('30');
  await gift.getByRole('button', { name: 'Save new amount' }).click();
  await expect(gift.getByRole('status')).toHaveText('Saved: from your next gift you give $30.00 a month.');
});

adminTest.describe('the giving settings', () => {
  adminTest.use({ baseURL: E2E_ADMIN_URL });

  adminTest('an admin sets the amounts and monthly first; the Donation Form shows them on the next page @desktop', async ({ page }, info) => {
    adminTest.slow(); // two widths, axe three times
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Giving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Giving' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Giving settings' });
    await form.getByLabel('Amount 1 ($)').fill('-5');
    await form.getByRole('button', { name: 'Save giving settings' }).click();
    await expect(form.getByText('Enter an amount from $1.00 to $25,000.00, like 25 or 25.00.').first()).toBeVisible();
    await form.getByLabel('Amount 1 ($)').fill('35');
    await form.getByLabel('What amount 1 does').fill('school shoes for a child');
    await form.getByLabel('Start the form on “Give monthly”').check();
    await form.getByRole('button', { name: 'Save giving settings' }).click();
    await expect(page.getByText('Saved. The Donation Form shows these amounts from the next page anyone opens.')).toBeVisible();
    expect(await axeViolations(page, 'main')).toEqual([]);
    await shot(page, info, 'admin-giving');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScrolling(page);
    await page.screenshot({ path: `${SHOTS}/admin-giving-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });

    try {
      await page.goto('/events');
      const dialog = await openDonationForm(page);
      await expect(dialog.getByRole('radio', { name: 'Give monthly' })).toBeChecked();
      await expect(dialog.getByRole('group', { name: 'Choose an amount' }).getByRole('radio', { name: /^\$35 school shoes for a child/ })).toBeVisible();
      await dialog.getByRole('radio', { name: /^\$35 / }).check();
      await expect(dialog.getByRole('button', { name: 'Give $35.00 monthly', exact: true })).toBeVisible();
      expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/form-from-settings-1280.png` });
    } finally {
      // Back to the defaults for the other journeys on this site.
      await page.goto('/admin/giving');
      const rows: [string, string][] = [
        ['25', 'a week of groceries for a family'],
        ['50', 'a tank of gas for trips to treatment'],
        ['100', "a month of a family's utility bills"],
        ['250', 'a month of rent for a family in crisis'],
      ];
      for (const [i, [amount, note]] of rows.entries()) {
        await form.getByLabel(`Amount ${i + 1} ($)`).fill(amount);
        await form.getByLabel(`What amount ${i + 1} does`).fill(note);
      }
      await form.getByLabel('Start the form on “Give monthly”').uncheck();
      await form.getByRole('button', { name: 'Save giving settings' }).click();
      await expect(page.getByText('Saved.')).toBeVisible();
    }
  });
});
