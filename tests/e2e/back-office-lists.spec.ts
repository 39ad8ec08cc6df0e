import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { readOutbox } from '../helpers/outbox';
import { createTestEvent } from '../helpers/events';
import { signedIn } from './accounts';
import { payViaApi } from './card';
import { withAdminDatabase } from './admin-database';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL } from './e2e-env';
import { expect, test } from './fixtures';

// The back office's own server and database (see E2E_ADMIN_PORT).
test.use({ baseURL: E2E_ADMIN_URL });
import { expectNoAxeViolations } from './page-checks';
import { adminTest, signedInAdmin } from './staff';

/**
 * The back office as volunteers use it, on data made through the public site's API: lists with
 * filters, CSV downloads read back, a refund end to end, and check-in on a phone. Events are the
 * test's own (written to the e2e database), so other tests' sign-ups never change the counts.
 */

let eventCounter = 0;

/** A new event of the test's own, open for sign-up, dated relative to today. */
async function ownEvent(eventType: 'Golf Event' | 'Benefit Event', capacity: number | null, name: string): Promise<number> {
  const eventNumber = 5000 + (process.pid % 1000) * 10 + eventCounter++;
  await withAdminDatabase((db) => createTestEvent(db, { eventNumber, eventType, capacity, name }));
  return eventNumber;
}

const golfTeam = (eventNumber: number, captain: string) => ({
  eventNumber,
  eventDescription: 'Golf outing',
  amount: '400.00',
  receiptEmail: `${captain.toLowerCase().replace(/\W+/g, '.')}@example.org`,
  ...Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, n === 1 ? captain : `${captain} Partner ${n}`],
      [`player${n}Email`, `p${n}.${Date.now()}@example.org`],
      [`player${n}ShirtSize`, ['S', 'M', 'L', 'XL'][n - 1]!],
    ]),
  ),
});

const party = (eventNumber: number, receiptEmail: string) => ({
  eventNumber,
  eventDescription: 'Steak fry',
  amount: '65.00',
  receiptEmail,
  attendees: [
    { name: 'Dana Griller', allergies: '', child: false },
    { name: 'Kim Griller', allergies: 'shellfish', child: false },
    { name: 'Lee Griller', allergies: '', child: true },
  ],
});

async function download(page: Page, click: () => Promise<void>): Promise<Record<string, string>[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const text = await readFile((await file.path())!, 'utf8');
  expect(text.charCodeAt(0), 'UTF-8 byte-order mark for Excel').toBe(0xfeff);
  return parse(text, { bom: true, columns: true }) as Record<string, string>[];
}

test('donations: search, filter, open one, and download the filtered list as CSV @desktop', async ({ page }) => {
  test.slow(); // two payments, a staff sign-in, a download and axe twice
  const tag = `e2e${Date.now().toString(36)}`;
  await signedIn(page);
  await payViaApi(page, 'donation_intent', { amount: '35.00', email: `first.${tag}@example.org`, message: `Thanks ${tag}` });
  await payViaApi(page, 'donation_intent', { amount: '150.00', email: `second.${tag}@example.org`, message: `=cmd|' /C calc'!A0 ${tag}` });

  await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Donations' }).click();
  await page.getByLabel('Search name, email, message or receipt number').fill(tag);
  await page.getByRole('button', { name: 'Show donations' }).click();
  await expect(page.getByText('2 donations match, $185.00 in all.')).toBeVisible();
  await page.getByLabel('Smallest amount ($)').fill('100');
  await page.getByRole('button', { name: 'Show donations' }).click();
  await expect(page.getByText('1 donation matches, $150.00 in all.')).toBeVisible();
  await expect(page.getByRole('cell', { name: `second.${tag}@example.org`, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `first.${tag}@example.org`, exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const rows = await download(page, () => page.getByRole('link', { name: 'Download CSV' }).click());
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ Email: `second.${tag}@example.org`, Amount: '150.00', Status: 'paid' });
  expect(rows[0]!.Message).toMatch(/^'=cmd/);

  await page.getByRole('link', { name: /Donation of \$150\.00/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Donation of $150.00' })).toBeVisible();
  await page.getByText('Show the message as sent').first().click();
  await expect(page.getByText(/Thank you/i).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('registrations: a steak-fry party with head counts and allergies, and its roster as CSV @desktop', async ({ page }) => {
  const name = `Steak Night ${Date.now().toString(36)}`;
  const eventNumber = await ownEvent('Benefit Event', 100, name);
  await signedIn(page);
  await payViaApi(page, 'steakfry_signup_intent', party(eventNumber, `grillers.${Date.now()}@example.org`));

  await signedInAdmin(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Events' }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: `Registrations for ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('2 adults, 1 child')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Kim Griller: shellfish' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paid (1)' })).toBeVisible();
  await expectNoAxeViolations(page);

  const rows = await download(page, () => page.getByRole('link', { name: 'Download CSV (paid)' }).click());
  expect(rows.map((r) => [r.Name, r.Ticket, r.Allergies, r.Status])).toEqual([
    ['Dana Griller', 'adult', '', 'paid'],
    ['Kim Griller', 'adult', 'shellfish', 'paid'],
    ['Lee Griller', 'child', '', 'paid'],
  ]);
});

test('a refund end to end: the payer is emailed, their dashboard shows it, and the place is free again @desktop', async ({ page, browser }) => {
  const name = `One Team Open ${Date.now().toString(36)}`;
  const eventNumber = await ownEvent('Golf Event', 1, name);
  const supporterContext = await browser.newContext();
  const supporter = await supporterContext.newPage();
  try {
    await signedIn(supporter);
    const team = golfTeam(eventNumber, `Captain ${Date.now().toString(36)}`);
    await payViaApi(supporter, 'golf_signup_intent', team);
    await supporter.goto(`/events/${eventNumber}`);
    await expect(supporter.getByText('This event is full.')).toBeVisible();

    await signedInAdmin(page);
    await page.goto(`/admin/events/${eventNumber}/registrations`);
    await expect(page.getByRole('heading', { name: 'Paid (1)' })).toBeVisible();
    await page.getByRole('link', { name: /Payment of \$400\.00/ }).click();
    await expect(page.getByRole('heading', { name: 'Refund', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Reason').selectOption('requested_by_customer');
    await page.getByLabel('Note for the record (not sent to the payer)').fill('Team cannot play this year');
    await page.getByRole('button', { name: 'Refund everything left ($400.00)…' }).click();
    await page.getByRole('button', { name: 'Yes, refund $400.00' }).click();
    await expect(page.getByText('Refunded $400.00. The payer has been emailed.')).toBeVisible();
    await expect(page.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/Team cannot play this year/)).toBeVisible();

    await expect(async () => {
      const notice = (await readOutbox(E2E_ADMIN_OUTBOX_DIR)).find((m) => m.to === team.receiptEmail && /refunded/.test(m.subject));
      expect(notice?.subject).toMatch(/^Your payment of \$400\.00 to .+ has been refunded$/);
    }).toPass({ timeout: 10_000 });

    await supporter.goto('/dashboard');
    await expect(supporter.getByText(/Refunded: at your request/).first()).toBeVisible();
    await supporter.goto(`/events/${eventNumber}`);
    await expect(supporter.getByText('1 team place left', { exact: true })).toBeVisible();

    await page.goto(`/admin/events/${eventNumber}/registrations`);
    await expect(page.getByRole('heading', { name: 'Refunded or cancelled (1)' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Paid (0)' })).toBeVisible();
  } finally {
    await supporterContext.close();
  }
});

test('check-in at the door on a phone: search, mark arrived, see the count, undo @phone', async ({ page }) => {
  const name = `Door Night ${Date.now().toString(36)}`;
  const eventNumber = await ownEvent('Benefit Event', 100, name);
  await signedIn(page);
  await payViaApi(page, 'steakfry_signup_intent', party(eventNumber, `door.${Date.now()}@example.org`));

  await signedInAdmin(page);
  await page.goto(`/admin/events/${eventNumber}/check-in`);
  await expect(page.getByText('0 of 3 arrived')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('searchbox', { name: 'Search a name or team' }).fill('kim');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('list', { name: 'People expected' }).getByRole('listitem')).toHaveCount(1);
  const arrive = page.getByRole('button', { name: 'Kim Griller has arrived' });
  const box = await arrive.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await arrive.click();
  await expect(page.getByText('1 of 3 arrived')).toBeVisible();
  await expect(page.getByText(/^Arrived /)).toBeVisible();
  await page.getByRole('button', { name: 'Undo: Kim Griller has not arrived' }).click();
  await expect(page.getByText('0 of 3 arrived')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kim Griller has arrived' })).toBeVisible();
  await expectNoAxeViolations(page);
});

for (const path of ['/admin', '/admin/donations', '/admin/events', '/admin/staff', '/admin/audit', '/admin/security']) {
  adminTest(`${path} has no axe violations, signed in as an admin`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

adminTest('an event’s registrations, check-in and a payment have no axe violations, signed in as an admin', async ({ page }) => {
  const eventNumber = await ownEvent('Golf Event', 10, `Axe Open ${Date.now().toString(36)}`);
  await page.goto('/');
  await signedIn(page);
  await payViaApi(page, 'golf_signup_intent', golfTeam(eventNumber, `Axe Captain ${Date.now().toString(36)}`));
  for (const path of [`/admin/events/${eventNumber}/check-in`, `/admin/events/${eventNumber}/registrations`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.getByRole('link', { name: /Payment of \$400\.00/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});
