import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { fillCard } from './card';
import { E2E_OUTBOX_DIR } from './e2e-env';
import { expect, test } from './fixtures';

const openDonationForm = async (page: Page) => {
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(dialog).toBeVisible();
  return dialog;
};

const unique = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.org`;

const axeViolations = async (page: Page) => {
  const results = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test('a gift in memory of someone, with card fees covered: the total shows before paying and the person named is told, without the amount @phone', async ({ page }) => {
  test.slow(); // a long form and axe over it
  const intents: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/stripe/donation_intent')) intents.push(r.postDataJSON() as Record<string, unknown>);
  });
  await page.goto('/');
  const dialog = await openDonationForm(page);
  const email = unique('donor');
  const friend = unique('friend');
  const total = dialog.getByTestId('donation-total');
  await expect(total).toHaveText('Enter an amount to see the total.');
  await dialog.getByLabel('Amount').fill('$50.50');
  await expect(total).toHaveText('Total to pay: $50.50');
  await dialog.getByLabel('Add 3% to cover card fees').check();
  await expect(total).toHaveText('Total to pay: $52.02 (your $50.50 gift and $1.52 for card fees)');
  await dialog.getByPlaceholder('Email to send receipt to').fill(email);
  await dialog.getByLabel('Your name (optional)').fill('Carol Giver');
  await dialog.getByRole('radio', { name: 'In memory of' }).check();
  await dialog.getByLabel('Name of the person remembered').fill('Ada Lovelace');
  await dialog.getByLabel('Let someone know of this gift by email').check();
  await dialog.getByLabel('Their name').fill('Bea Friend');
  await dialog.getByLabel('Their email').fill(friend);
  await expect(dialog.getByLabel('Include the amount')).not.toBeChecked();
  await fillCard(dialog);

  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Give $52.02', exact: true }).click();
  await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
  expect(intents).toHaveLength(1);
  expect(intents[0]).toMatchObject({ amount: '$50.50', coverFees: true, total: '52.02', tribute: 'memory', tributeName: 'Ada Lovelace', notify: true, notifyAmount: false });

  await expect(async () => {
    const mails = await readOutbox(E2E_OUTBOX_DIR);
    const note = mails.find((m) => m.to === friend);
    expect(note?.subject).toMatch(/in memory of Ada Lovelace$/);
    expect(note?.text).toContain('Dear Bea Friend,');
    expect(note?.text).toContain('Carol Giver has made a gift to');
    expect(note?.text).not.toMatch(/\$\d/);
    const receipt = mails.find((m) => m.to === email);
    expect(receipt?.text).toContain('$52.02');
    expect(receipt?.text).toContain('In memory of: Ada Lovelace');
  }).toPass({ timeout: 10_000 });
  expect((await readOutbox(E2E_OUTBOX_DIR)).filter((m) => m.to === friend)).toHaveLength(1);
});

test('an anonymous tribute needs no name; a missing tribute name and a bad email show above their fields and nothing is charged @phone', async ({ page }) => {
  test.slow(); // axe over the form with its errors
  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/stripe/donation_intent')) answers.push(r.status());
  });
  await page.goto('/');
  const dialog = await openDonationForm(page);
  await dialog.getByLabel('Amount').fill('20');
  await dialog.getByPlaceholder('Email to send receipt to').fill(unique('donor'));
  await dialog.getByLabel('Give anonymously').check();
  await dialog.getByRole('radio', { name: 'In honor of' }).check();
  await dialog.getByLabel('Let someone know of this gift by email').check();
  await dialog.getByLabel('Their name').fill('Jo');
  await dialog.getByLabel('Their email').fill('not-an-email');
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Give $20.00', exact: true }).click();

  const tributeName = dialog.getByLabel('Name of the person honored');
  await expect(tributeName).toHaveAttribute('aria-invalid', 'true');
  const error = dialog.getByText('Enter the name of the person this gift is in honor of.');
  await expect(error).toBeVisible();
  expect((await error.boundingBox())!.y).toBeLessThan((await tributeName.boundingBox())!.y);
  await expect(dialog.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(dialog.getByLabel('Your name (optional)')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(tributeName).toBeFocused();
  expect(answers).toEqual([400]);
  expect(await axeViolations(page)).toEqual([]);
  await expect(dialog.getByText('Success! Thank you for your donation!')).toHaveCount(0);
});
