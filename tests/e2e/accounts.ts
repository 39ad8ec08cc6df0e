import type { Page } from '@playwright/test';
import { expect } from './fixtures';

let counter = 0;

/** A fresh, unique account (the e2e database is shared by every test of the run). */
export function newAccount(label = 'user') {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    first: 'ada',
    last: 'lovelace',
    username: `${label}_${id}`.slice(0, 30),
    email: `${label}.${id}@example.org`,
    password: 'analytical-engine-1843',
  };
}
export type Account = ReturnType<typeof newAccount>;

const REGISTER_LABELS = { first: 'First name', last: 'Last name', username: 'Username', email: 'Email', password: 'Password', password2: 'Re-enter password' };
type RegisterField = keyof typeof REGISTER_LABELS;

/** Fills the register form's fields with the account (all of them, or those named), as a visitor would. */
export async function fillRegisterForm(page: Page, account: Account, fields = Object.keys(REGISTER_LABELS) as RegisterField[]): Promise<void> {
  for (const field of fields) {
    await page.getByRole('main').getByLabel(REGISTER_LABELS[field], { exact: true }).fill(field === 'password2' ? account.password : account[field]);
  }
}

async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  if (page.url() === 'about:blank') await page.goto('/events');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return cookie ? { 'x-xsrf-token': cookie.value } : {};
}

/** Registers through the API, as a shortcut for tests about what comes after. */
export async function registerViaApi(page: Page, account: Account): Promise<void> {
  const res = await page.request.post('/api/user/register', {
    data: { ...account, password2: account.password },
    headers: await xsrfHeader(page),
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Registers through the API and logs in by posting the login page's form: the browser keeps the session cookie (ADR 043). */
export async function signedIn(page: Page, account: Account = newAccount()): Promise<Account> {
  await registerViaApi(page, account);
  const res = await page.request.post('/login', { form: { email: account.email, password: account.password }, maxRedirects: 0 });
  expect(res.status(), await res.text()).toBe(302);
  return account;
}

/** The supporter's cookies in this browser: the HttpOnly session and the script-readable mark. */
export async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  return { session: cookies.find((c) => c.name === 'session'), signedIn: cookies.find((c) => c.name === 'signed_in') };
}
