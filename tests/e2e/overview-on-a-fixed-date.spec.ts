import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { donationTotal } from '../../common/donations';
import { formatCents } from '../../common/money';
import { createDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { compiledServer } from '../../scripts/compiled-command.mjs';
import { ensureLibfaketime, fakeClockEnv } from '../../scripts/faketime.mjs';
import { OVERVIEW_NOW, writeOverviewFixture } from '../helpers/overview-fixture';
import { E2E_ADMIN_CONTENT_DIR } from './e2e-env';
import { expect, test } from './fixtures';
import { acceptSetUpLink, finishSetUp, newStaffEmail, staffAdd } from './staff';

/**
 * The overview as a volunteer sees it on the fixture's date (15 March 2031, 11:00 in New York):
 * a server of its own runs under libfaketime from that moment, on an empty database holding only
 * the overview fixture the integration test pins figure by figure, so every figure and attention
 * item is checked word for word in the browser.
 */

const START = OVERVIEW_NOW.toISOString().slice(0, 19).replace('T', ' ');
let dir: string;
let server: ChildProcess;
let baseUrl: string;
/** What staff:add needs to write to this server's database on its clock. */
let staffAddEnv: Record<string, string>;
/** How far the server's clock is ahead of this process's, from its Date header. */
let serverAhead = 0;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const clockEnv = { ...fakeClockEnv(ensureLibfaketime(), START, ''), TZ: 'UTC' };
  dir = mkdtempSync(path.join(tmpdir(), 'overview-fixed-date-'));
  const databaseFile = path.join(dir, 'site.sqlite');
  const db = createDatabase({ kind: 'sqlite', file: databaseFile });
  try {
    await migrateToLatest(db, 'sqlite');
    const ids = await writeOverviewFixture(db);
    // The party still paying has its card payment open at the simulated gateway, as a real one
    // would; without it the server's start-up sweep rightly gives the payment up.
    const at = OVERVIEW_NOW.toISOString();
    await db
      .insertInto('payment_intents')
      .values({ id: 'pi_sim_fixture_party', client_secret: 'pi_sim_fixture_party_secret', amount_cents: 9_000, currency: 'usd', receipt_email: 'party@example.org', status: 'requires_payment_method', idempotency_key: null, last_error: null, created_at: at, updated_at: at, payment_method_id: null })
      .execute();
    await db.updateTable('payments').set({ intent_id: 'pi_sim_fixture_party' }).where('id', '=', ids.partyPending!).execute();
  } finally {
    await db.destroy();
  }
  const env = { DATA_DIR: dir, DATABASE_URL: databaseFile, PORT: '0', HOST: '127.0.0.1', SEED_ON_EMPTY: 'false', CONTENT_DIR: E2E_ADMIN_CONTENT_DIR, LOG_LEVEL: 'info' };
  server = spawn(...compiledServer(), { env: { PATH: process.env.PATH ?? '', ...env, ...clockEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^"\s]+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    server.stdout!.on('data', onData);
    server.stderr!.on('data', onData);
    server.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  const date = (await fetch(`${baseUrl}/healthz`)).headers.get('date');
  serverAhead = Date.parse(date ?? '') - Date.now();
  // The server's clock started at the fixture's moment: still the fixture's day in New York.
  expect(serverAhead).toBeGreaterThan(OVERVIEW_NOW.getTime() - Date.now() - 5_000);
  expect(new Date(Date.now() + serverAhead).toISOString().slice(0, 10)).toBe('2031-03-15');
  // staff:add on the same clock, so its set-up link is not already out of date.
  staffAddEnv = { DATA_DIR: dir, DATABASE_URL: databaseFile, PORT: new URL(baseUrl).port, ...clockEnv };
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  if (server && server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function signInVolunteer(page: Page) {
  const setUpPath = await staffAdd(newStaffEmail('volunteer'), 'volunteer', staffAddEnv);
  await acceptSetUpLink(page, `${baseUrl}${setUpPath}`, 'Vera Volunteer');
  await finishSetUp(page, () => Date.now() + serverAhead);
}

const texts = async (page: Page, selector: string) => (await page.locator(selector).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

test('the overview on the fixture date shows each figure and attention item word for word, at both widths, with axe 0', async ({ page }, testInfo) => {
  await signInVolunteer(page);
  await page.goto(`${baseUrl}/admin`);

  const attention = page.getByRole('region', { name: 'Needs attention (9)' });
  expect(await texts(page, 'section[aria-labelledby="attention-heading"] li')).toEqual([
    'MONTHLY GIFT DECLINED $25.00 from Hal Monthly The card was declined on Mar 5, 2031, 9:00 AM; the donor was told by email.',
    'REFUND FAILED $50.00 back to Ada Lovelace The card processor refused it on Mar 10, 2031, 12:00 PM: Your card has expired. Nothing went back yet.',
    'EVENT SOON Spring Steak Fry, Thursday, March 20, 2031 3 places signed up for but not paid.',
    'EVENT SOON Spring Steak Fry, Thursday, March 20, 2031 No picture yet.',
    'EVENT SOON Golf Day, Saturday, March 29, 2031 No location, start time or refund policy yet.',
    'WAITING FOR AN ADMIN Upload pond.jpg Uploaded Mar 12, 2031, 12:00 PM; not on the site until an admin approves it.',
    'WAITING FOR AN ADMIN Draft of About the foundation Saved by vol@foundation.test on Mar 13, 2031, 12:00 PM; not on the site until an admin publishes it.',
    'WAITING FOR AN ADMIN Draft event Draft Open, April 10, 2031 Not on the site until an admin publishes it.',
    'WAITING FOR AN ADMIN Draft announcement Raffle draft Saved Mar 14, 2031, 12:00 PM; not on the home page until an admin publishes it.',
  ]);
  await expect(attention.getByRole('link', { name: '$50.00 back to Ada Lovelace' })).toHaveAttribute('href', /^\/admin\/payments\/\d+$/);

  const figures = page.getByRole('region', { name: '2031 so far, against 2030 by Mar 15' });
  await expect(figures).toBeVisible();
  const monthly = formatCents(2_500 + donationTotal(1_000, true).totalCents);
  expect(await texts(page, 'section[aria-labelledby="figures-heading"] dl > div')).toEqual([
    'RAISED $540.00 2030 by Mar 15: $225.00 (up 140%) Donations $240.00, events $300.00',
    'GIFTS 6 2030 by Mar 15: 2 (up 200%)',
    'DONORS 4 2 new, 2 returning 2030 by Mar 15: 2 (up 100%)',
    `MONTHLY GIFTS 2 ${monthly} a month`,
  ]);
  expect(await texts(page, 'section[aria-labelledby="campaigns-heading"] li')).toEqual(['spring-drive $40.00 raised of $200.00 goal 1 gift 17 days left']);
  await expect(page.getByRole('progressbar', { name: 'Raised toward the goal of spring-drive' })).toHaveAttribute('aria-valuenow', '20');

  // Payers by name; the email only where no name is known.
  const latest = page.getByRole(testInfo.project.name === 'phone' ? 'list' : 'table', { name: 'Latest payments' });
  await expect(latest.getByText('Bea Giver', { exact: false }).first()).toBeVisible();
  await expect(latest.getByText('ada.other@example.org')).toHaveCount(0);

  const width = testInfo.project.name === 'phone' ? 390 : 1280;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath(`overview-fixed-date-${width}.png`), fullPage: true });
});
