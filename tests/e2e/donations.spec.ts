import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { signedIn } from './accounts';
import { fillCard } from './card';
import { E2E_OUTBOX_DIR } from './e2e-env';
import { expect, test } from './fixtures';

const openDonationForm = async (page: Page) => {
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(dialog).toBeVisible();
  return dialog;
};

const uniqueEmail = () => `donor.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

test('a visitor gives $25 with the test card and gets the thank-you and a receipt', async ({ page }) => {
  await page.goto('/');
  const dialog = await openDonationForm(page);
  await expect(dialog.getByText('Test mode — no real card is charged')).toBeVisible();
  await expect(dialog.getByPlaceholder('Amount (ex. $20.00)')).toBeVisible();
  await expect(dialog.getByPlaceholder('Leave us a message (optional)')).toBeVisible();
  const email = uniqueEmail();
  await dialog.getByLabel('Amount').fill('$25.00');
  await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await dialog.getByLabel('Message').fill('For the Example family');
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $25.00', exact: true }).click();

  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Give $25.00', exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Not now' })).toHaveCount(0);

  await expect(async () => {
    const receipt = (await readOutbox(E2E_OUTBOX_DIR)).find((m) => m.to === email);
    expect(receipt?.text).toContain('$25.00');
    expect(receipt?.text).toContain('No goods or services were provided in exchange for this contribution.');
  }).toPass({ timeout: 10_000 });

  // Closing resets the form.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const again = await openDonationForm(page);
  await expect(again.getByLabel('Amount')).toHaveValue('');
  await expect(again.getByRole('button', { name: 'Not now' })).toBeVisible();
});

test('a declined card shows the provider message; a second card pays the same intent @phone', async ({ page }) => {
  const intents: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/stripe/donation_intent')) intents.push(r.url());
  });
  await page.goto('/events');
  const dialog = await openDonationForm(page);
  await dialog.getByLabel('Amount').fill('20');
  await dialog.getByPlaceholder('Email to send receipt to').fill(uniqueEmail());
  await fillCard(dialog, '4000 0000 0000 0002');
  await dialog.getByRole('button', { name: 'Give $20.00', exact: true }).click();
  await expect(dialog.getByText('Your card was declined.')).toBeVisible();
  await expect(dialog.getByText('Please fix the error(s) above.')).toBeVisible();

  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByRole('button', { name: 'Give $20.00', exact: true }).click();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
  // The form did not change, so the saved intent was reused (spec §4).
  expect(intents).toHaveLength(1);
});

test('the card went through but the save call was lost: the donor is told not to pay again, and the receipt still comes @phone', async ({ page, pageErrors }) => {
  await page.goto('/');
  const dialog = await openDonationForm(page);
  const email = uniqueEmail();
  await dialog.getByLabel('Amount').fill('15');
  await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await page.route('**/api/stripe/save_donation', (route) => route.abort('connectionreset'));
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $15.00', exact: true }).click();
  await expect(dialog.getByText(/^Your payment went through\. .*Please do not pay again\.$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Give $15.00', exact: true })).toBeDisabled();
  await expect(dialog.getByText('Please fix the error(s) above.')).toHaveCount(0);
  // The server heard of the payment from the gateway itself: the gift is recorded and receipted.
  await expect(async () => {
    const receipt = (await readOutbox(E2E_OUTBOX_DIR)).find((m) => m.to === email);
    expect(receipt?.text).toContain('$15.00');
  }).toPass({ timeout: 10_000 });
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('ERR_CONNECTION_RESET') && !e.includes('Failed to fetch')));
});

test('server checks show above their fields; nothing is charged @phone', async ({ page }) => {
  await page.goto('/');
  const dialog = await openDonationForm(page);
  await dialog.getByLabel('Amount').fill('0.50');
  await dialog.getByPlaceholder('Email to send receipt to').fill('not-an-email');
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $0.50', exact: true }).click();
  await expect(dialog.getByText('A gift online can be from $1.00 to $25,000.00. For larger gifts, please contact us.')).toBeVisible();
  await expect(dialog.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(dialog.getByText('Please fix the error(s) above.')).toBeVisible();
  await expect(dialog.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Give $0.50', exact: true })).toBeEnabled();
  const results = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('a signed-in donor finds the email prefilled and the gift on the dashboard @phone', async ({ page }) => {
  const account = await signedIn(page);
  await page.goto('/');
  const dialog = await openDonationForm(page);
  await expect(dialog.getByPlaceholder('Email to send receipt to')).toHaveValue(account.email);
  await dialog.getByLabel('Amount').fill('42');
  await dialog.getByLabel('Message').fill('Keep going');
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $42.00', exact: true }).click();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.goto('/dashboard');
  const donations = page.getByRole('region', { name: 'Donations' });
  await expect(donations.getByText('$42.00')).toBeVisible();
  await expect(donations.getByText('Keep going')).toBeVisible();
});

test('an empty amount is a field error above the amount; nothing is charged @phone', async ({ page }) => {
  const intents: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/stripe/donation_intent')) intents.push(r.status());
  });
  await page.goto('/');
  const dialog = await openDonationForm(page);
  await dialog.getByPlaceholder('Email to send receipt to').fill(uniqueEmail());
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give', exact: true }).click();
  const amount = dialog.getByLabel('Amount');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  const error = dialog.getByText('Enter an amount, like $20.00.');
  await expect(error).toBeVisible();
  // The message sits above its field.
  expect((await error.boundingBox())!.y).toBeLessThan((await amount.boundingBox())!.y);
  await expect(dialog.getByText('Please fix the error(s) above.')).toBeVisible();
  expect(intents).toEqual([400]);
  await expect(dialog.getByText('Success! Thank you for your donation!')).toHaveCount(0);
});

test('double-clicking Confirm asks for one intent and records one gift @phone', async ({ page }) => {
  const intents: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/stripe/donation_intent')) intents.push(r.url());
  });
  await page.goto('/');
  const dialog = await openDonationForm(page);
  const email = uniqueEmail();
  await dialog.getByLabel('Amount').fill('30');
  await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $30.00', exact: true }).dblclick();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
  expect(intents).toHaveLength(1);
  await expect(async () => {
    expect((await readOutbox(E2E_OUTBOX_DIR)).filter((m) => m.to === email)).toHaveLength(1);
  }).toPass({ timeout: 10_000 });
});

test('by keyboard: Enter opens the form, Escape closes it and focus returns to the Donate button @desktop', async ({ page }) => {
  await page.goto('/');
  const donate = page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' });
  await donate.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(dialog).toBeVisible();
  // Focus moves into the dialog, to the first suggested amount, and stays there (a modal <dialog> makes the page inert).
  const first = dialog.getByRole('radio', { name: /^\$25 / });
  await expect(first).toBeFocused();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Give $25.00', exact: true })).toBeVisible();
  // The arrow keys move between the amounts; Tab leaves the group for the other amount.
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('radio', { name: /^\$50 / })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Amount')).toBeFocused();
  await page.keyboard.type('15');
  await expect(dialog.getByRole('radio', { checked: true, name: /^\$/ })).toHaveCount(0);
  await expect(dialog.getByLabel('Amount')).toHaveValue('15');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(donate).toBeFocused();
});
