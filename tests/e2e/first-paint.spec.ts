import type { Page, Request } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures';
import { fillRegisterForm, newAccount, registerViaApi } from './accounts';
import { PUBLIC_ROUTES } from './routes';

/**
 * Issue 14, ADR 028: a page paints from its HTML, CSS and pictures alone; its JavaScript is asked
 * for only after the first paint (or at once on the first interaction), and nothing a visitor does
 * before the page has hydrated is lost.
 */
for (const route of PUBLIC_ROUTES) {
  test(`${route} fetches no JavaScript before its first paint @phone`, async ({ page }) => {
    const scripts: Request[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url())) scripts.push(request);
    });
    const response = await page.goto(route, { waitUntil: 'networkidle' });
    const html = (await response!.text()) ?? '';
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    expect(html).not.toMatch(/<script[^>]*type="module"/);
    const files = ((await page.locator('#rr-deferred-module').getAttribute('data-prefetch')) ?? '').split(' ').filter(Boolean);
    // (React takes <head> over when it hydrates: the links are noted as they come.)
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { preloaded: string[] }).preloaded = []);
      new MutationObserver((changes) => {
        for (const node of changes.flatMap((c) => [...c.addedNodes])) if (node instanceof HTMLLinkElement && node.rel === 'modulepreload') seen.push(node.getAttribute('href')!);
      }).observe(document.head, { childList: true });
    });
    // A content page only fetches its files ahead; the visitor's first key press runs them...
    await page.keyboard.press('Shift');
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
    // ...asking for all of them at once, not one import after another.
    const preloaded = await page.evaluate(() => (window as unknown as { preloaded: string[] }).preloaded);
    expect(files.length, 'the page lists its files').toBeGreaterThan(1);
    expect(preloaded).toEqual(expect.arrayContaining(files));
    // Both times come from the page's own clock: the browser's wall clock and the page's
    // performance clock can drift tens of milliseconds apart on a loaded machine.
    const { paintedAt, fetched } = await page.evaluate(async () => {
      for (let i = 0; i < 50 && performance.getEntriesByName('first-contentful-paint').length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      return {
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
        fetched: performance
          .getEntriesByType('resource')
          .filter((entry) => /\.m?js(\?|$)/.test(entry.name))
          .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
      };
    });
    expect(scripts.length, 'the page hydrates with its scripts').toBeGreaterThan(0);
    expect(fetched.length, 'the page timed its script fetches').toBeGreaterThan(0);
    for (const script of scripts) {
      const response = await script.response();
      expect(response?.status(), script.url()).toBe(200);
    }
    for (const script of fetched) {
      expect(script.startTime, `${script.url} was asked for before the first paint`).toBeGreaterThanOrEqual(paintedAt);
    }
  });
}

/** Holds the site's JavaScript back until `release()`: a slow phone that has painted but not hydrated yet. */
const holdScripts = (page: Page) => holdRequests(page, '**/assets/**/*.js');

test('a Donate click before the page has hydrated opens the form once it has @phone', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/events');
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  await expect(page.getByRole('dialog', { name: 'Donation Form' })).toBeVisible();
});

test('what is typed and sent before the page has hydrated reaches the form @phone', async ({ page }) => {
  const account = newAccount('early');
  await registerViaApi(page, account);
  const release = await holdScripts(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('not-my-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  // The server saw the typed email and password: it answers about them, not about empty fields.
  await expect(page.getByText('Email or password is incorrect.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(account.email);
  await expect(page).toHaveURL(/\/login$/);
});

test('an arrow key pressed on a tab before the page has hydrated moves the tab once it has @phone', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/staff');
  const card = page.getByRole('main').getByRole('article').first();
  await card.getByRole('tab', { name: 'Info' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  await expect(card.getByRole('tab', { name: 'Bio' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByRole('tab', { name: 'Bio' })).toBeFocused();
});

test('text typed before hydration survives typing in the next field while the page hands it over @phone', async ({ page }) => {
  // The hand-over signal comes from an effect, a task after the hydrating render: a keystroke in
  // that gap re-renders the form, which sets every field to its state. Holding the signal opens
  // the gap as wide as a slow phone can.
  await page.addInitScript(() => {
    const dispatch = window.dispatchEvent.bind(window);
    const w = window as unknown as { dispatchEvent: typeof dispatch; sendHydratedSignal?: () => void };
    w.dispatchEvent = (event: Event) => {
      if (event.type !== 'app:hydrated' || w.sendHydratedSignal) return dispatch(event);
      w.sendHydratedSignal = () => dispatch(event);
      return true;
    };
  });
  const account = newAccount('gap');
  const release = await holdScripts(page);
  await page.goto('/register');
  await fillRegisterForm(page, account, ['first']);
  release();
  await page.waitForFunction(() => 'sendHydratedSignal' in window);
  await fillRegisterForm(page, account, ['last']);
  await page.evaluate(() => (window as unknown as { sendHydratedSignal: () => void }).sendHydratedSignal());
  await expect(page.getByLabel('First name')).toHaveValue(account.first);
  await fillRegisterForm(page, account, ['username', 'email', 'password', 'password2']);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
