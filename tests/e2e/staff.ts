import type { StaffRole } from '../../common/back-office';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { E2E_ADMIN_DATA_DIR, E2E_ADMIN_PORT, E2E_ADMIN_URL, e2eAdminDatabaseUrl } from './e2e-env';
import { expect, test } from './fixtures';

const run = promisify(execFile);
let counter = 0;

export const STAFF_PASSWORD = 'correct-horse-battery-staple';
export const newStaffEmail = (label: string) => `${label}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}@foundation.test`;

/**
 * `npm run staff:add` against the back-office e2e server's database, as the README tells the person
 * who runs the site; `server` names another server's settings (its DATA_DIR, DATABASE_URL, PORT, clock).
 */
export async function staffAdd(email: string, role: StaffRole, server?: Record<string, string>): Promise<string> {
  const target = server ?? { DATA_DIR: E2E_ADMIN_DATA_DIR, DATABASE_URL: e2eAdminDatabaseUrl(), PORT: String(E2E_ADMIN_PORT) };
  const command = () =>
    run('npm', ['run', '--silent', 'staff:add', '--', '--email', email, '--role', role], {
      env: { ...process.env, ...target, LOG_LEVEL: 'silent' },
    });
  // Two test workers may run it at the same moment as the server writes: SQLite then says "locked".
  let stdout: string;
  for (let attempt = 1; ; attempt++) {
    try {
      ({ stdout } = await command());
      break;
    } catch (error) {
      if (attempt >= 4 || !/database is locked/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 300 * attempt));
    }
  }
  const link = /http:\/\/\S+\/admin\/invite\/\S+/.exec(stdout)?.[0];
  expect(link, stdout).toBeTruthy();
  return new URL(link!).pathname;
}

/** A TOTP code for the 30-second step `stepsAhead` from now (a code is accepted once per step); `now` is the server's clock. */
export const totpCode = (secret: string, stepsAhead = 0, now = Date.now()) => generate({ secret, epoch: Math.floor(now / 1000) + stepsAhead * 30 });

/** Sets a password on a set-up link's page, as the new staff member would. */
export async function acceptSetUpLink(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Set up your staff account' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Choose a password').fill(STAFF_PASSWORD);
  await page.getByLabel('Type it again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
}

/** On the set-up page: reads the key, types a code, and answers the key and the recovery codes. */
export async function enrolAuthenticator(page: Page, serverNow = () => Date.now()): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from your app').fill(await totpCode(secret, 0, serverNow()));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  const recoveryCodes = (await page.getByRole('listitem').filter({ hasText: /^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/ }).allInnerTexts()).map((t) => t.trim());
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes };
}

/** After a set-up link: the authenticator every staff member sets up, then on to the overview. */
export async function finishSetUp(page: Page, serverNow?: () => number): Promise<string> {
  const { secret } = await enrolAuthenticator(page, serverNow);
  await page.getByRole('link', { name: 'I have saved my codes: continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  return secret;
}

/** A new admin from `npm run staff:add`, set up and signed in on this page. */
export async function signedInAdmin(page: Page): Promise<{ email: string; secret: string }> {
  const email = newStaffEmail('admin');
  await acceptSetUpLink(page, await staffAdd(email, 'admin'), 'Test Admin');
  return { email, secret: await finishSetUp(page) };
}

/**
 * Tests whose subject is not signing in start as an admin signed in once per worker (through the
 * set-up link and the authenticator, as above), so each test spends its time on what it checks.
 */
export const adminTest = test.extend<object, { adminStorageState: string }>({
  adminStorageState: [
    async ({ browser }, use, workerInfo) => {
      const file = path.join(workerInfo.project.outputDir, `.admin-session-${workerInfo.workerIndex}.json`);
      // An address of its own, so this sign-in never counts against a test's per-address limits.
      const context = await browser.newContext({ baseURL: E2E_ADMIN_URL, extraHTTPHeaders: { 'x-forwarded-for': `10.254.${workerInfo.workerIndex % 256}.${workerInfo.parallelIndex % 256}` } });
      try {
        await signedInAdmin(await context.newPage());
        await context.storageState({ path: file });
      } finally {
        await context.close();
      }
      await use(file);
    },
    { scope: 'worker' },
  ],
  storageState: ({ adminStorageState }, use) => use(adminStorageState),
});
