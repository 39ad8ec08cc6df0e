import type { Browser, Page } from '@playwright/test';
import { formatRoundMoment } from '../../common/scholarship-rounds';
import { insertUser } from '../helpers/back-office-rows';
import { readOutbox } from '../helpers/outbox';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { newAccount, signedIn } from './accounts';
import { withAdminDatabase } from './admin-database';
import { fillCard, payViaApi } from './card';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect, hydrate } from './fixtures';
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
      // Without an offer, the offer link's parameter is the ordinary page: nothing opens by itself.
      await waiting.page.goto(`/events/${eventNumber}?offer=1`);
      await hydrate(waiting.page);
      await expect(waiting.page.getByRole('button', { name: 'Sign up', exact: true }).first()).toBeVisible();
      await expect(waiting.page.locator('dialog[open]')).toHaveCount(0);

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

      // Without JavaScript the link is the page as ever: the place held, nothing open, the Sign up button there.
      const noScript = await browser.newContext({
        baseURL: E2E_ADMIN_URL,
        javaScriptEnabled: false,
        storageState: await waiting.context.storageState(),
        viewport: page.viewportSize() ?? undefined,
      });
      try {
        const bare = await noScript.newPage();
        await bare.goto(new URL(link).pathname + new URL(link).search);
        await expect(bare.getByText(/^A place is held for you from the waiting list \(1 team\)/)).toBeVisible();
        await expect(bare.locator('dialog[open]')).toHaveCount(0);
        await expect(bare.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
      } finally {
        await noScript.close();
      }

      // Signed out on another device, the link asks them to log in first and then opens the sign-up.
      const elsewhere = await browser.newContext({ baseURL: E2E_ADMIN_URL, storageState: undefined, viewport: page.viewportSize() ?? undefined });
      try {
        const fresh = await elsewhere.newPage();
        await fresh.goto(new URL(link).pathname + new URL(link).search);
        await expect(fresh.getByRole('heading', { level: 1, name: 'Log in to your profile' })).toBeVisible();
        await fresh.getByRole('main').getByLabel('Email').fill(waiting.account.email);
        await fresh.getByRole('main').getByLabel('Password').fill(waiting.account.password);
        await fresh.getByRole('main').getByRole('button', { name: 'Login' }).click();
        await expect(fresh).toHaveURL(new RegExp(`/events/${eventNumber}\\?offer=1$`));
        await expect(fresh.getByRole('dialog', { name: 'Golf Event sign-up' })).toBeVisible();
      } finally {
        await elsewhere.close();
      }

      // The link opens the event with the place held and its sign-up already open, no click needed.
      await visitor.goto(new URL(link).pathname + new URL(link).search);
      const dialog = visitor.getByRole('dialog', {
        name: 'Golf Event sign-up',
      });
      await expect(dialog).toBeVisible();
      await expect(
        visitor.getByText(/^A place is held for you from the waiting list \(1 team\) until .+ ET\. Sign up and pay before then to keep it\.$/),
      ).toBeVisible();
      // The request the offer holds: one team, the visitor as its first player.
      await expect(dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Name')).toHaveValue(/^ada lovelace$/i);
      await expect(dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Name')).toBeFocused();
      await expect(dialog.getByLabel('Amount (team, mulligans included)')).toHaveValue('$400.00');
      await expectNoAxeViolations(visitor);
      await expectNoSidewaysScrolling(visitor);
      await visitor.screenshot({
        path: `${SHOTS}/offer-${width}.png`,
        fullPage: true,
      });
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

/** The entry's offer as the database has it: the job and the staff both write it. */
async function entryOf(eventId: number, userId: number) {
  return withAdminDatabase((db) =>
    db
      .selectFrom('waitlist_entries')
      .select(['status', 'offered_at', 'offer_expires_at', 'offered_by_staff_id'])
      .where('event_id', '=', eventId)
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  );
}

adminTest(
  'staff set how long an offer holds, refusing bad hours, then offer a freed place by hand to someone in line, who is emailed',
  async ({ page }, testInfo) => {
    adminTest.slow(); // waits for the minute's offering run, below
    const width = testInfo.project.name;
    const eventNumber = 600_000 + Math.floor(Math.random() * 300_000);
    const name = `Waiting-list staff outing ${eventNumber}`;
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const frances = { first: 'Frances', last: 'First', email: `fr${tag}@example.org` };
    const sam = { first: 'Sam', last: 'Second', email: `sa${tag}@example.org` };
    // One place; the people in line come later (straight to the database: this journey is the staff's).
    const { eventId, francesId, samId } = await withAdminDatabase(async (db) => {
      await createTestEvent(db, { eventNumber, name, eventType: 'Golf Event', capacity: 1, eventDate: dayFromNow(45) });
      const event = await db.selectFrom('events').select('id').where('event_number', '=', eventNumber).executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      return { eventId: Number(event.id), francesId: await insertUser(db, { ...frances, at }), samId: await insertUser(db, { ...sam, at }) };
    });

    // The hours: bad input is refused beside the field, and nothing is saved.
    await page.goto(`/admin/events/${eventNumber}/waiting-list`);
    await expect(page.getByRole('heading', { level: 1, name: `Waiting list: ${name}` })).toBeVisible();
    const hours = page.getByLabel('Hours an offer holds its places');
    await expect(hours).toHaveValue('24');
    for (const [typed, message] of [
      ['', 'An offer holds its places for at least 1 hour.'],
      ['0', 'An offer holds its places for at least 1 hour.'],
      ['169', 'An offer holds its places for at most 168 hours (a week).'],
      ['a day', 'Enter the hours an offer holds its places.'],
    ] as const) {
      await hours.fill(typed);
      await page.getByRole('button', { name: 'Save hours' }).click();
      await expect(hours).toHaveAccessibleDescription(new RegExp(`^${message.replace(/[().]/g, '\\$&')}`));
      await expect(page.getByRole('alert').getByRole('link', { name: 'Hours an offer holds its places' })).toBeVisible();
      await expect(hours).toHaveValue(typed);
    }
    await expectNoAxeViolations(page);
    await expectNoSidewaysScrolling(page);
    await page.screenshot({ path: `${SHOTS}/admin-hours-refused-${width}.png`, fullPage: true });
    expect(await withAdminDatabase((db) => db.selectFrom('waitlist_settings').selectAll().where('event_id', '=', eventId).execute())).toEqual([]);
    await hours.fill('48');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByText('Offers now hold their places for 48 hours.')).toBeVisible();
    await expect(hours).toHaveValue('48');

    // Two teams in line for the one place: the minute's offering run (server/jobs.ts) offers it to
    // the first. Just after that run a second place frees, and staff give it by hand before the next can.
    await withAdminDatabase(async (db) => {
      for (const [userId, joined] of [
        [francesId, new Date(Date.now() - 120_000)],
        [samId, new Date(Date.now() - 60_000)],
      ] as const)
        await db.insertInto('waitlist_entries').values({ event_id: eventId, user_id: userId, kind: 'golf', places: 1, created_at: joined.toISOString() }).execute();
    });
    await expect.poll(async () => (await entryOf(eventId, francesId)).status, { timeout: 75_000, intervals: [500] }).toBe('offered');
    await withAdminDatabase((db) => db.updateTable('events').set({ capacity: 2 }).where('id', '=', eventId).execute());
    await page.reload();
    const francesRow = page.getByRole('row').filter({ hasText: frances.email });
    const samRow = page.getByRole('row').filter({ hasText: sam.email });
    await expect(francesRow.getByRole('cell').nth(3)).toHaveText(/^Offer standing \(offered .+ ET\)$/);
    await expect(samRow.getByRole('cell').nth(3)).toHaveText('Waiting');
    await samRow.getByRole('button', { name: 'Offer a place to Sam Second' }).click();
    await expect(page.getByText('Offered 1 team. They have been emailed.')).toBeVisible();

    // The list shows the staff's offer and when it ends: 48 hours on.
    const offer = await entryOf(eventId, samId);
    expect(offer).toMatchObject({ status: 'offered' });
    expect(offer.offered_by_staff_id).not.toBeNull();
    expect(Date.parse(offer.offer_expires_at!) - Date.parse(offer.offered_at!)).toBe(48 * 3_600_000);
    const until = formatRoundMoment(offer.offer_expires_at!);
    await expect(samRow.getByRole('cell').nth(3)).toHaveText(/^Offer standing \(offered .+ ET by staff\)$/);
    await expect(samRow.getByRole('cell').nth(4)).toHaveText(until);
    await expect(samRow.getByRole('button', { name: 'Offer a place to Sam Second' })).toHaveCount(0);
    await expect(page.getByText('2 of 2 places taken, held or offered; 0 free.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoSidewaysScrolling(page);
    // On a phone the browser widens its window to the page, so measure against the device's width too.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.screenshot({ path: `${SHOTS}/admin-offered-by-hand-${width}.png`, fullPage: true });

    // The offered person's email, with the hold's end and the link that opens the sign-up.
    await expect(async () => {
      const mail = (await readOutbox(E2E_ADMIN_OUTBOX_DIR)).find((m) => m.to === sam.email && m.subject === `A place is yours: ${name}`);
      expect(mail?.text).toContain(`We are holding 1 team for you until ${until}.`);
      expect(mail?.text).toContain(`Sign up now: `);
      expect(mail?.text).toContain(`/events/${eventNumber}?offer=1`);
    }).toPass({ timeout: 15_000 });
  },
);
