import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { newAccount, sessionCookies, signedIn, type Account } from './accounts';
import { EVENTS } from './content';
import { E2E_OUTBOX_DIR } from './e2e-env';
import { expect, test } from './fixtures';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const axeViolations = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page }).withTags(WCAG);
  if (include) builder.include(include);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** The verification link mailed to an address (the newest one). */
async function verificationLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mails = (await readOutbox(E2E_OUTBOX_DIR)).filter((m) => m.to === email && m.subject === 'Confirm your email address');
    link = mails.length ? /https?:\/\/\S+\/verify\/[A-Za-z0-9_-]+/.exec(mails[mails.length - 1]!.text)?.[0] : undefined;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(link!).pathname;
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Edit your account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
}

test('the dashboard says the email is not confirmed; the emailed link confirms it @phone', async ({ page }) => {
  test.slow(); // several axe passes on a shared machine
  const account = await signedIn(page, newAccount('verify'));
  await page.goto('/dashboard');
  await expect(page.getByText('Your email is not confirmed yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByText(/We have sent a new link to your email/)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(await verificationLink(account.email));
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByText('Thank you: your email is confirmed.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByText('Email confirmed')).toBeVisible();
  await expect(page.getByText('Your email is not confirmed yet.')).toHaveCount(0);

  // The link works once.
  await page.goto(await verificationLink(account.email));
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'expired or was already used' })).toBeVisible();
});

test('edit the profile: errors by the field, then the new name on the dashboard @phone', async ({ page }) => {
  test.slow(); // several axe passes on a shared machine
  const taken = await signedIn(page, newAccount('taken'));
  const account = await signedIn(page, newAccount('editor'));
  await openAccount(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('main').getByLabel('First name').fill('');
  await page.getByRole('main').getByLabel('Username').fill(taken.username);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('First name is required.')).toBeVisible();
  await expect(page.getByText('This username is taken. Please choose another.')).toBeVisible();
  await expect(page.getByText('Please fix the error(s) above.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const newEmail = `moved.${account.username}@example.org`;
  await page.getByRole('main').getByLabel('First name').fill('Augusta');
  await page.getByRole('main').getByLabel('Username').fill(account.username);
  await page.getByRole('main').getByLabel('Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText(`Saved. We sent a link to ${newEmail}`)).toBeVisible();
  await expect
    .poll(async () => (await readOutbox(E2E_OUTBOX_DIR)).some((m) => m.to === account.email && m.subject === 'The email of your account was changed'))
    .toBe(true);

  await page.getByRole('link', { name: '← Back to your dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Augusta Lovelace' })).toBeVisible();
  await expect(page.getByText(newEmail.split('@')[0]!)).toBeVisible();
  await expect(page.getByText('Your email is not confirmed yet.')).toBeVisible();
});

test('change the password: the old one stops working, this browser stays signed in @phone', async ({ page }) => {
  const account = await signedIn(page, newAccount('pwd'));
  await openAccount(page);
  await page.getByRole('main').getByLabel('Current password').fill('not-my-password');
  await page.getByRole('main').getByLabel('New password', { exact: true }).fill('difference-engine-1822');
  await page.getByRole('main').getByLabel('Re-enter new password').fill('difference-engine-1822');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This password is not correct.')).toBeVisible();

  await page.getByRole('main').getByLabel('Current password').fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. Other browsers are signed out.')).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Current password')).toHaveValue('');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const old = await page.request.post('/api/user/login', { data: { email: account.email, password: account.password }, headers: { 'x-xsrf-token': xsrf } });
  expect(old.status()).toBe(400);
  const fresh = await page.request.post('/api/user/login', { data: { email: account.email, password: 'difference-engine-1822' }, headers: { 'x-xsrf-token': xsrf } });
  expect(fresh.status()).toBe(200);
});

test('download my data as a JSON file holding my account @phone', async ({ page }) => {
  const account: Account = await signedIn(page, newAccount('export'));
  await openAccount(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('my-data.json');
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as { account: Record<string, unknown>; donations: unknown[]; payments: unknown[] };
  expect(data.account).toMatchObject({ username: account.username, email: account.email, emailVerified: false });
  expect(data.donations).toEqual([]);
  expect(data.payments).toEqual([]);
  expect(JSON.stringify(data)).not.toMatch(/argon2|password_hash/);
});

test('delete the account from a confirm dialog; it cannot log in afterwards @phone', async ({ page }) => {
  test.slow(); // several axe passes on a shared machine
  const account = await signedIn(page, newAccount('leaver'));
  await openAccount(page);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Enter your current password.')).toBeVisible();
  await dialog.getByLabel('Password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('This password is not correct.')).toBeVisible();
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);

  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  expect(await sessionCookies(page)).toEqual({ session: undefined, signedIn: undefined });
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('main').getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
});

test('the privacy policy and the terms: linked from the footer and from every form that takes personal data or money @phone', async ({ page }) => {
  test.slow(); // several axe passes on a shared machine
  await page.goto('/events');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What we must keep' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const policyLinks = async (scope: ReturnType<Page['locator']>) => {
    await expect(scope.getByText(/you agree to our/)).toBeVisible();
    await expect(scope.getByRole('link', { name: /Terms of use/ })).toHaveAttribute('href', '/terms');
    await expect(scope.getByRole('link', { name: /Privacy policy/ })).toHaveAttribute('href', '/privacy');
  };
  await page.goto('/register');
  await policyLinks(page.locator('main form'));

  await page.goto('/events');
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const donation = page.getByRole('dialog');
  await expect(donation).toBeVisible();
  await policyLinks(donation);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  await page.keyboard.press('Escape');

  await signedIn(page, newAccount('policy'));
  await page.goto(`/events/${EVENTS.golf.eventNumber}`);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const signup = page.getByRole('dialog');
  await expect(signup).toBeVisible();
  await policyLinks(signup);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
});
