import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { signedIn } from './accounts';
import { payViaApi } from './card';
import { EVENTS } from './content';
import { screenshotDir } from './e2e-env';
import { expect, hydrate, test } from './fixtures';

/**
 * Phones and event pages (issue 33): one Donate button in the first screen, a hero with readable
 * words, a sign-up bar in reach, and "You're signed up" for a supporter who did. Each
 * test runs at 1280 and 390 px; the screenshots are looked at by a person.
 */

const { golf, pastBenefit } = EVENTS;
const SHOTS = screenshotDir('phones-events');

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

const width = (page: Page) => page.viewportSize()!.width;

/** Donate buttons a visitor sees without scrolling. */
async function donateButtonsInFirstScreen(page: Page): Promise<number> {
  const height = page.viewportSize()!.height;
  let count = 0;
  for (const button of await page.getByRole('button', { name: 'Donate' }).all()) {
    const box = await button.boundingBox();
    if (box && (await button.isVisible()) && box.y < height) count++;
  }
  return count;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width(page));
}

const signUpBar = (page: Page) => page.getByRole('region', { name: `Sign up for ${golf.name}` });

test('home and event pages show one Donate button in the first screen, and the hero its tagline in readable text', async ({ page }) => {
  await page.goto('/');
  await hydrate(page);
  expect(await donateButtonsInFirstScreen(page)).toBe(1);
  const tagline = page.getByText('A made-up charity that exists only in the test suite', { exact: true });
  await expect(tagline).toBeVisible();
  expect(parseFloat(await tagline.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(18);
  const box = (await tagline.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await expect(page.getByRole('link', { name: 'See our events' })).toHaveAttribute('href', '/events');
  // The hero's picture reaches both edges of a laptop screen: no bands at the sides.
  const slide = (await page.getByRole('region', { name: 'Highlights' }).getByRole('img').first().boundingBox())!;
  expect(slide.x).toBe(0);
  expect(slide.width).toBeGreaterThanOrEqual(width(page) - 1);
  await noSidewaysScroll(page);
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/home-${width(page)}.png` });

  await page.goto(`/events/${golf.eventNumber}`);
  expect(await donateButtonsInFirstScreen(page)).toBe(1);
  await page.goto('/events');
  expect(await donateButtonsInFirstScreen(page)).toBe(1);
});

test('a fresh sign-up starts with the account holder as Player 1; a bar at the bottom keeps Sign up in reach', async ({ page }) => {
  test.slow();
  const account = await signedIn(page);
  await page.goto(`/events/${golf.eventNumber}`);
  await hydrate(page);
  await expect(page.getByRole('heading', { name: /You're signed up/ })).toHaveCount(0);
  const bar = signUpBar(page);
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('$400.00 a team');
  await expect(bar).toContainText(/\d+ team places? left/);
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(page.viewportSize()!.height);
  await noSidewaysScroll(page);
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/event-${width(page)}.png` });
  // At the end of the page the bar covers nothing: the footer's last line sits above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.getByRole('contentinfo').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(footerEnd).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);
  await page.screenshot({ path: `${SHOTS}/event-end-${width(page)}.png` });
  const opener = bar.getByRole('button', { name: `Sign up for ${golf.name}` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Golf Event sign-up' });
  await expect(dialog).toBeVisible();
  const player1 = dialog.getByRole('group', { name: 'Player 1' });
  await expect(player1.getByLabel('Name')).toHaveValue(`${account.first} ${account.last}`);
  await expect(player1.getByLabel('Email', { exact: true })).toHaveValue(account.email);
  await expect(dialog.getByRole('group', { name: 'Player 2' }).getByLabel('Name')).toHaveValue('');
  await expect(dialog.getByLabel('Email for the receipt')).toHaveValue(account.email);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a captain who signed up sees "You\'re signed up" with the team and a link to change or cancel it', async ({ page }) => {
  test.slow();
  const account = await signedIn(page);
  const players = ['Casey Captain', 'Robin Putts', 'Jo Fairway', 'Lee Bunker'];
  const body = {
    eventNumber: golf.eventNumber,
    amount: '400.00',
    receiptEmail: account.email,
    ...Object.fromEntries(players.flatMap((name, i) => [[`player${i + 1}Name`, name], [`player${i + 1}Email`, i === 0 ? account.email : ''], [`player${i + 1}ShirtSize`, 'L']])),
  };
  const clientSecret = await payViaApi(page, 'golf_signup_intent', body);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  expect((await page.request.post('/api/stripe/save_golf_signup', { data: { token: clientSecret, amount: body.amount }, headers: { 'x-xsrf-token': xsrf } })).status()).toBe(200);

  await page.goto(`/events/${golf.eventNumber}`);
  await hydrate(page);
  const signedUp = page.getByRole('region', { name: "You're signed up" });
  await expect(signedUp).toBeVisible();
  await expect(signedUp).toContainText(players.join(', '));
  // The bar says so too, and offers a further team.
  await expect(signUpBar(page)).toContainText("You're signed up");
  await expect(signUpBar(page).getByRole('button', { name: `Sign up again for ${golf.name}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign up another team', exact: true })).toBeVisible();
  expect(await donateButtonsInFirstScreen(page)).toBe(1);
  await noSidewaysScroll(page);
  expect(await axe(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/event-signed-up-${width(page)}.png` });

  await signedUp.getByRole('link', { name: 'Change or cancel your team' }).click();
  await expect(page.getByRole('heading', { name: 'My sign-up', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('group', { name: 'Player 1' }).getByLabel('Name')).toHaveValue('Casey Captain');
});

test('no sign-up bar while sign-up is closed', async ({ page }) => {
  await page.goto(`/events/${pastBenefit.eventNumber}`);
  await expect(page.getByRole('button', { name: 'Sign up closed' })).toBeDisabled();
  await expect(page.getByRole('region', { name: /^Sign up for/ })).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
});
