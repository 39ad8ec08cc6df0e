import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { fillRegisterForm, newAccount, registerViaApi, sessionCookies, signedIn } from './accounts';
import { content } from './content';
import { E2E_OUTBOX_DIR } from './e2e-env';
import { expect, fakeToken, isPhone, storeTokenBeforeLoad, test } from './fixtures';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(WCAG).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

async function openMenu(page: Page) {
  if (!isPhone(page)) return page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  return page.getByRole('navigation', { name: 'Mobile' });
}

test('register → success message → log in → dashboard → log out', async ({ page }) => {
  const account = newAccount('flow');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Register with us' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email')).toHaveAttribute('placeholder', /Gravatar/);
  await fillRegisterForm(page, account);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/login\?registered/);
  await expect(page.getByText('Successfully registered! You can now log in.')).toBeVisible();
  // The address just registered is already filled in.
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(account.email);
  await page.getByRole('main').getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const today = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(page.getByText(`Joined ${today}`)).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText(`@${account.username}`)).toBeVisible();
  await expect(page.getByText('No donations')).toBeVisible();
  await expect(page.getByText('No events', { exact: true })).toBeVisible();
  // No Gravatar for this address: the initials stand in for the picture.
  await expect(page.getByRole('img', { name: 'Initials of Ada Lovelace' })).toHaveText('AL');
  // The session is an HttpOnly cookie no script can read; nothing is kept in localStorage (ADR 043).
  const { session, signedIn: mark } = await sessionCookies(page);
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(mark?.httpOnly).toBe(false);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )session=/);

  const nav = await openMenu(page);
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/logout$/);
  await expect(page.getByRole('heading', { name: 'Successfully logged out' })).toBeVisible();
  expect(await sessionCookies(page)).toEqual({ session: undefined, signedIn: undefined });
  // The server ended the session: the menu shows Log in again.
  const after = await openMenu(page);
  await expect(after.getByRole('link', { name: 'Log in' })).toBeVisible();
  if (isPhone(page)) await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: content.home.mission.heading })).toBeVisible();
});

test('register shows each server error above its field and a summary, and keeps what was typed @phone', async ({ page }) => {
  const taken = newAccount('taken');
  await registerViaApi(page, taken);
  await page.goto('/register');
  await page.getByRole('main').getByLabel('First name').fill('<script>alert(1)</script>');
  await page.getByRole('main').getByLabel('Username').fill(taken.username.toUpperCase());
  await page.getByRole('main').getByLabel('Email').fill('not-an-email');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('password1');
  await page.getByRole('main').getByLabel('Re-enter password').fill('password2');
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page.getByText('Please fix the error(s) above.')).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Last name is required.')).toBeVisible();
  await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  // The message sits above its input and describes it.
  const lastName = page.getByRole('main').getByLabel('Last name');
  await expect(lastName).toHaveAccessibleDescription('Last name is required.');
  const messageBox = await page.getByText('Last name is required.').boundingBox();
  const inputBox = await lastName.boundingBox();
  expect(messageBox!.y).toBeLessThan(inputBox!.y);
  await expect(page.getByRole('main').getByLabel('First name')).toHaveValue('<script>alert(1)</script>');
  // Focus moved to the first field in error.
  await expect(page.getByRole('main').getByLabel('Last name')).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('main').getByLabel('Last name').fill('Lovelace');
  await page.getByRole('main').getByLabel('Email').fill(newAccount().email);
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('analytical-engine-1843');
  await page.getByRole('main').getByLabel('Re-enter password').fill('analytical-engine-1843');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('This username is taken. Please choose another.')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password gets one message that does not say which part was wrong @phone', async ({ page }) => {
  const account = newAccount('wrong');
  await registerViaApi(page, account);
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('main').getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
  await expect(page.getByText('Please fix the error(s) above.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect((await sessionCookies(page)).session).toBeUndefined();
  // What was typed stays, but never the password.
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(account.email);
});

test('keyboard only: tab through the register form and press Enter @desktop', async ({ page }) => {
  const account = newAccount('keys');
  await page.goto('/register');
  await page.getByRole('main').getByLabel('First name').focus();
  for (const value of [account.first, account.last, account.username, account.email, account.password, account.password]) {
    await page.keyboard.type(value);
    await page.keyboard.press('Tab');
  }
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login\?registered/);
  await expect(page.getByText('Successfully registered! You can now log in.')).toBeVisible();
});

test('signed-in visitors opening Login or Register go to the dashboard; signed-out ones opening Dashboard or Log out go to Login @phone', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signedIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/register');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('No donations')).toBeVisible();
});

test('a token an earlier version left in localStorage is handed to the server once and dropped; refused, it leads to Login @phone', async ({ page }) => {
  await storeTokenBeforeLoad(page, fakeToken({ id: 1, first: 'old', pv: 'x', exp: Math.floor(Date.now() / 1000) + 60 }));
  const handedOver = page.waitForRequest((request) => request.url().endsWith('/api/user/session') && request.method() === 'POST');
  await page.goto('/events');
  expect((await handedOver).headers().authorization).toMatch(/^Bearer /);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('jwtToken'))).toBeNull();
});

test('a session ended on another device sends the dashboard to Login and the links to signed out @phone', async ({ page, browser }) => {
  const account = await signedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByText('No donations')).toBeVisible();
  // The same account, signed in elsewhere, signs out everywhere.
  const elsewhere = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const other = await elsewhere.newPage();
  await other.request.post('/login', { form: { email: account.email, password: account.password }, maxRedirects: 0 });
  await other.goto('/account');
  await other.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(other).toHaveURL(/\/logout\?done/);
  await elsewhere.close();

  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html[data-auth="out"]')).toHaveCount(1);
});

test('a forged session cookie opens nothing: the dashboard goes to Login @phone', async ({ page }) => {
  await page.goto('/events');
  await page.context().addCookies([
    { name: 'session', value: 'forged-forged-forged-forged-forged-forged-000', url: page.url(), httpOnly: true },
    { name: 'signed_in', value: '1', url: page.url() },
  ]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionCookies(page)).toEqual({ session: undefined, signedIn: undefined });
});

test('the account links are right before the app starts: no flash of Log in for a signed-in visitor @phone', async ({ page, pageErrors }) => {
  await signedIn(page);
  // Without the app's scripts only the server HTML and the inline head script run.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/sponsors');
  const nav = isPhone(page) ? page.getByRole('banner') : page.getByRole('navigation', { name: 'Main' });
  if (!isPhone(page)) {
    await expect(nav.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeHidden();
  }
  expect(await page.evaluate(() => document.documentElement.dataset.auth)).toBe('in');
  // The blocked scripts are this test's own doing.
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('net::ERR_FAILED')));
});

test('password reset through the emailed link @phone', async ({ page }) => {
  const account = newAccount('reset');
  await registerViaApi(page, account);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/we have sent it a link to choose a new password/)).toBeVisible();

  let link: string | undefined;
  await expect(async () => {
    const mail = (await readOutbox(E2E_OUTBOX_DIR)).find((m) => m.to.includes(account.email) && m.subject === 'Reset your password');
    link = mail ? /https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] : undefined;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('main').getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('main').getByLabel('Re-enter new password').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login\?reset$/);
  await expect(page.getByText('Your password has been changed. You can now log in.')).toBeVisible();
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('main').getByLabel('Password').fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(new URL(link!).pathname);
  await page.getByRole('main').getByLabel('New password', { exact: true }).fill('yet-another-secret');
  await page.getByRole('main').getByLabel('Re-enter new password').fill('yet-another-secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(/expired or was already used/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot');
});

for (const path of ['/login', '/register', '/forgot']) {
  test(`${path} has no axe violations, empty and after a failed submit`, async ({ page }) => {
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Login|Sign Up|Send reset link/ }).click();
    await expect(page.getByText('Please fix the error(s) above.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the signed-in dashboard has no axe violations', async ({ page }) => {
  await signedIn(page);
  await page.goto('/dashboard');
  await expect(page.getByText('No donations')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('register, log in, edit the profile and log out all work as plain forms (ADR 043) @desktop', async ({ page }) => {
    const account = newAccount('nojs');
    await page.goto('/register');
    await fillRegisterForm(page, account);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/login\?registered/);
    await expect(page.getByText('Successfully registered! You can now log in.')).toBeVisible();
    await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(account.email);

    await page.getByRole('main').getByLabel('Password').fill('not-my-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
    await page.getByRole('main').getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByText('No donations')).toBeVisible();

    await page.goto('/account');
    await page.getByRole('main').getByLabel('First name').fill('Augusta');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Augusta Lovelace' })).toBeVisible();

    await page.goto('/logout');
    await expect(page.getByRole('heading', { name: 'Successfully logged out' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
