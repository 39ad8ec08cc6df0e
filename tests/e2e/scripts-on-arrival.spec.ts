import type { Locator, Page, Request } from '@playwright/test';
import { newAccount, registerViaApi, signedIn } from './accounts';
import { fillCard } from './card';
import { EVENTS } from './content';
import { expect, holdScripts, hydrate, test } from './fixtures';
import { loadsReact, PUBLIC_ROUTES } from './routes';

/**
 * ADR 042: a content page arrives with no script file at all; a page that needs React
 * loads it after its stylesheet and hydrates with React itself. The Donation Form and the sign-up
 * forms open natively and take typing before any script has arrived; what was typed is kept.
 */

const isScript = (request: Request) => request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);

/** Every request the page makes from navigation to a quiet network, from Chromium's own log. */
async function requestsOf(page: Page, route: string): Promise<{ requests: Request[]; html: string }> {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const response = await page.goto(route, { waitUntil: 'networkidle' });
  return { requests, html: (await response?.text()) ?? '' };
}

for (const route of PUBLIC_ROUTES) {
  if (loadsReact(route)) {
    test(`${route} loads React after its stylesheet and hydrates @phone`, async ({ page }) => {
      const { requests, html } = await requestsOf(page, route);
      const stylesheet = html.search(/<link rel="stylesheet"/);
      const firstScript = html.search(/<link rel="modulepreload"|<script[^>]*type="module"/);
      expect(stylesheet, 'the page has its stylesheet').toBeGreaterThan(-1);
      expect(firstScript, 'the page has its scripts').toBeGreaterThan(-1);
      expect(stylesheet, 'the stylesheet comes before any script').toBeLessThan(firstScript);
      expect(requests.filter(isScript).length, 'React and the page are fetched').toBeGreaterThan(1);
      await hydrate(page);
    });
  } else {
    test(`${route} arrives with no script file @phone`, async ({ page }) => {
      const { requests, html } = await requestsOf(page, route);
      expect(requests.filter(isScript).map((request) => request.url()), 'script files fetched').toEqual([]);
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      expect(html).not.toMatch(/<script[^>]*type="module"/);
      expect(html).not.toMatch(/<link[^>]*modulepreload/);
      // The few inline lines the page's own HTML needs (the account links, the Donation Form's loader).
      const inline = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body!);
      for (const body of inline) expect(body.length, body.slice(0, 80)).toBeLessThan(2_500);
      await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
    });
  }
}

const donationForm = (page: Page) => page.getByRole('dialog', { name: 'Donation Form' });

/** Opens the Donation Form and types a gift as a visitor does: amount, email and message. */
async function typeGift(page: Page, gift: { amount: string; email: string; message: string }): Promise<Locator> {
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = donationForm(page);
  await expect(dialog).toBeVisible();
  // The dialog gives the first field, the first suggested amount, the focus as it opens (ADR 046).
  await expect(dialog.getByRole('radio', { name: /^\$25 / })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Amount' }).click();
  await page.keyboard.type(gift.amount);
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(gift.email);
  await dialog.getByRole('textbox', { name: 'Message' }).fill(gift.message);
  return dialog;
}

test('with JavaScript off, Donate opens the Donation Form and its fields take typing @phone', async ({ browser, baseURL, viewport }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL });
  try {
    const page = await context.newPage();
    for (const route of ['/cof', '/']) {
      await page.goto(route);
      const dialog = await typeGift(page, { amount: '20.00', email: 'nojs@example.org', message: 'Thank you' });
      await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('20.00');
      await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('nojs@example.org');
      await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Thank you');
      // The card needs the page's script: Confirm waits, and the form says why (in a <noscript>,
      // which Chromium shows only when scripting is off in the browser's settings, not through
      // Playwright's switch, so the test reads it from the page).
      await expect(dialog.getByRole('button', { name: 'Give', exact: true })).toBeDisabled();
      expect(await dialog.locator('noscript').textContent()).toContain('Paying by card needs JavaScript');
      // Not now closes it, as HTML.
      await dialog.getByRole('button', { name: 'Not now' }).click();
      await expect(dialog).toBeHidden();
    }
  } finally {
    await context.close();
  }
});

for (const route of ['/cof', '/']) {
  test(`on ${route}, a gift typed before the scripts have arrived is given once they have @phone`, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(route, { waitUntil: 'commit' });
    const email = `early.${Date.now()}@example.org`;
    const dialog = await typeGift(page, { amount: '25', email, message: 'Typed before any script' });
    await dialog.getByRole('radio', { name: 'In memory of' }).check();
    // Nothing has started the card part yet: Confirm waits for it.
    await expect(dialog.getByRole('button', { name: 'Give', exact: true })).toBeDisabled();
    await expect(dialog.getByText('Loading the secure card form…')).toBeVisible();
    release();
    // React takes the form over as typed: the total of the typed amount, the dedication's field.
    await expect(dialog.getByTestId('donation-total')).toContainText('$25.00');
    await dialog.getByRole('textbox', { name: 'Name of the person remembered' }).fill('Grandpa Joe');
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('25');
    await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Typed before any script');
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Give $25.00', exact: true }).click();
    await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
    // Closing starts the form afresh.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Amount' })).toHaveValue('');
  });
}

test('a golf team typed before the scripts have arrived signs up once they have @phone', async ({ page }) => {
  test.slow(); // a long form and a payment on a loaded machine
  await signedIn(page);
  const release = await holdScripts(page);
  await page.goto(`/events/${EVENTS.golf.eventNumber}`, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Golf Event sign-up' });
  await expect(dialog).toBeVisible();
  const captain = `captain.${Date.now()}@example.org`;
  for (let n = 1; n <= 4; n++) {
    const player = dialog.getByRole('group', { name: `Player ${n}` });
    await player.getByLabel('Name').fill(`Early Player ${n}`);
    if (n === 1) await player.getByLabel('Email', { exact: true }).fill(captain);
    await player.getByLabel('Shirt size').selectOption('L');
  }
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  release();
  await hydrate(page);
  await expect(dialog.getByRole('group', { name: 'Player 4' }).getByLabel('Name')).toHaveValue('Early Player 4');
  await expect(dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Shirt size')).toHaveValue('L');
  await fillCard(dialog);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Early Player 1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Events' }).getByText('Early Player 4')).toBeVisible();
});

test('Log in works before its script has arrived: the form posts as plain HTML and the server signs in (ADR 043) @phone', async ({ page }) => {
  const account = newAccount('early');
  await registerViaApi(page, account);
  await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await expect(main.getByRole('button', { name: 'Login' })).toBeEnabled();
  await main.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
});
