import type { Browser, Page } from '@playwright/test';
import { readOutbox } from '../helpers/outbox';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { newAccount, signedIn } from './accounts';
import { withAdminDatabase } from './admin-database';
import { fillCard, payViaApi } from './card';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { adminTest } from './staff';

// The back office's own server and database (PostgreSQL): staff see the list the visitors make.
adminTest.use({ baseURL: E2E_ADMIN_URL });

/** Waiting lists (issue 35, ADR 053): a full event, a visitor joins its list, a place frees, the offer, and they pay. */

const SHOTS = screenshotDir('waiting-list');

async function visitorPage(browser: Browser, page: Page, label: string) {
  const context = await browser.newContext({
    baseURL: E2E_ADMIN_URL,
    storageState: undefined,
    viewport: page.viewportSize() ?? undefined,
  });
  const visitor = await context.newPage();
  const account = await signedIn(visitor, newAccount(label));
  return { context, page: visitor, account };
}

const golfTeam = (eventNumber: number, email: string) => ({
  eventNumber,
  amount: '400.00',
  receiptEmail: email,
  ...Object.fromEntries(
    [1, 2, 3, 4].flatMap((n) => [
      [`player${n}Name`, `Golfer ${n}`],
      [`player${n}Email`, n === 1 ? email : ''],
      [`player${n}ShirtSize`, 'M'],
    ]),
  ),
});

adminTest(
  'a visitor joins a full event’s waiting list, a place frees, the offer email arrives and they pay from its link',
  async ({ page, browser }, testInfo) => {
    adminTest.slow(); // three people, two payments, a cancellation and axe on five screens
    const width = testInfo.project.name;
    const eventNumber = 600_000 + Math.floor(Math.random() * 300_000);
    const name = `Waiting-list outing ${eventNumber}`;
    await withAdminDatabase((db) =>
      createTestEvent(db, {
        eventNumber,
        name,
        eventType: 'Golf Event',
        capacity: 1,
        eventDate: dayFromNow(45),
      }),
    );

    const captain = await visitorPage(browser, page, 'captain');
    const waiting = await visitorPage(browser, page, 'waiting');
    try {
      // The captain takes the one place.
      const secret = await payViaApi(captain.page, 'golf_signup_intent', golfTeam(eventNumber, captain.account.email));
      const xsrf = (await captain.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
      expect(
        (
          await captain.page.request.post('/api/stripe/save_golf_signup', {
            data: { token: secret, amount: '400.00' },
            headers: { 'x-xsrf-token': xsrf },
          })
        ).status(),
      ).toBe(200);

      // Full: the page offers the waiting list instead.
      const visitor = waiting.page;
      await visitor.goto(`/events/${eventNumber}`);
      await expect(visitor.getByText('This event is full.', { exact: true })).toBeVisible();
      await visitor.getByRole('link', { name: 'Join the waiting list' }).click();
      await expect(
        visitor.getByRole('heading', {
          level: 2,
          name: 'Join the waiting list',
        }),
      ).toBeVisible();
      await expectNoAxeViolations(visitor);
      await expectNoSidewaysScrolling(visitor);
      await visitor.getByRole('button', { name: 'Join the waiting list' }).click();
      await expect(visitor.getByText('You are number 1 in line, for 1 team. We will email you if a place frees up.')).toBeVisible();
      await visitor.screenshot({
        path: `${SHOTS}/joined-${width}.png`,
        fullPage: true,
      });
      await visitor.goto('/dashboard');
      const lists = visitor.getByRole('region', { name: 'Waiting lists' });
      await expect(lists.getByText('Number 1 in line, for 1 team.')).toBeVisible();
      await expectNoAxeViolations(visitor);
      await expectNoSidewaysScrolling(visitor);

      // The captain cancels: the place is offered to the first in line, by email.
      const mine = await captain.page.request.get('/api/user/dashboard', {
        headers: { 'x-xsrf-token': xsrf },
      });
      const signupId = (
        (await mine.json()) as {
          events_and_teams: { e: { eventNumber: number }; t: { id: number } }[];
        }
      ).events_and_teams.find((x) => x.e.eventNumber === eventNumber)!.t.id;
      expect((await captain.page.request.post(`/api/user/signups/${signupId}/cancel`, { data: {}, headers: { 'x-xsrf-token': xsrf } })).status()).toBe(200);
      let link = '';
      await expect(async () => {
        const mail = (await readOutbox(E2E_ADMIN_OUTBOX_DIR)).find(
          (m) => m.to === waiting.account.email.toLowerCase() && m.subject === `A place is yours: ${name}`,
        );
        expect(mail?.text).toMatch(/We are holding 1 team for you until .+ ET\./);
        link = /Sign up now: (\S+)/.exec(mail!.text)![1]!;
      }).toPass({ timeout: 15_000 });

      // Staff see the list and its standing offer.
      await page.goto(`/admin/events/${eventNumber}/waiting-list`);
      await expect(page.getByRole('heading', { level: 1, name: `Waiting list: ${name}` })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: waiting.account.email.toLowerCase() }).getByText('Offer standing')).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({
        path: `${SHOTS}/admin-waiting-list-${width}.png`,
        fullPage: true,
      });

      // The link opens the event with the place held, and they sign up and pay.
      await visitor.goto(new URL(link).pathname + new URL(link).search);
      await expect(
        visitor.getByText(/^A place is held for you from the waiting list \(1 team\) until .+ ET\. Sign up and pay before then to keep it\.$/),
      ).toBeVisible();
      await expectNoAxeViolations(visitor);
      await expectNoSidewaysScrolling(visitor);
      await visitor.screenshot({
        path: `${SHOTS}/offer-${width}.png`,
        fullPage: true,
      });
      await visitor.getByRole('button', { name: 'Sign up', exact: true }).first().click();
      const dialog = visitor.getByRole('dialog', {
        name: 'Golf Event sign-up',
      });
      await expect(dialog).toBeVisible();
      for (let n = 2; n <= 4; n++) {
        const player = dialog.getByRole('group', { name: `Player ${n}` });
        await player.getByLabel('Name').fill(`Player ${n}`);
      }
      for (let n = 1; n <= 4; n++)
        await dialog
          .getByRole('group', { name: `Player ${n}` })
          .getByLabel('Shirt size')
          .selectOption('L');
      await fillCard(dialog);
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
      await expectNoAxeViolations(visitor, 'dialog[open]');
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();

      await visitor.goto('/dashboard');
      await expect(visitor.getByRole('region', { name: 'Waiting lists' })).toHaveCount(0);
      await expect(visitor.getByRole('region', { name: 'Events' }).getByText('Amount paid: $400.00')).toBeVisible();
    } finally {
      await captain.context.close();
      await waiting.context.close();
    }
  },
);
