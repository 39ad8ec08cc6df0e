import { expect, test as base, type Page } from '@playwright/test';

/**
 * Chromium logs every failed resource. Some are the site working as designed: an /api answer of
 * 4xx (field errors, a refused token), a back-office form's 400 or 429, and a missing Gravatar (the dashboard then shows initials;
 * these machines are offline, so every Gravatar fails here).
 */
function isExpectedFailure(text: string, url: string): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  if (url.startsWith('https://www.gravatar.com/avatar/')) return true;
  const pathname = new URL(url, 'http://x').pathname;
  if (/\/api\//.test(pathname)) return /status of 4\d\d/.test(text);
  // An account form answered with field errors or a sign-in limit (ADR 043).
  if (/^\/(login|register|forgot|account|reset\/[^/]+)(\.data)?$/.test(pathname)) return /status of (400|401|409|429)/.test(text);
  // A scholarship form answered with field errors (400) or a closed round (409), issue 34.
  if (/^\/scholarship\/(apply|letter\/[^/]+)(\.data)?$/.test(pathname)) return /status of (400|409)/.test(text);
  // A back-office form answered with field errors (400) or a sign-in limit (429).
  return pathname.startsWith('/admin') && /status of (400|429)/.test(text);
}

/**
 * Every page must load without a console error, an uncaught exception or a CSP violation
 * (Chromium reports those as console errors), so each test fails on any of them.
 */
export const test = base.extend<{ pageErrors: string[] }>({
  // Each test is its own visitor on its own address (the e2e server trusts X-Forwarded-For from
  // loopback, as behind a proxy), so per-address limits count per visitor, not for the whole run.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    let hash = 0;
    for (const char of `${testInfo.testId}:${testInfo.retry}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255}` });
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error' || isExpectedFailure(msg.text(), msg.location().url)) return;
        // A failed load names no address in its text; its location does.
        errors.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React runs the page (the root marks `<html data-hydrated>`); only pages that load React ever do. */
export async function hydrate(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

/**
 * Holds every request matching `url` until the returned `release()`: a slow line, where the page has
 * painted but its scripts (or pictures) have not arrived yet.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

/** A token shaped like the real one (the browser only decodes it; the server verifies it). */
export function fakeToken(payload: Record<string, unknown>): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.c2lnbmF0dXJl`;
}

/**
 * Stores a token as if it had been left by an earlier visit, before the page's own scripts run.
 * (Setting it from the test after a load races the app's start-up, which may drop it first.)
 */
export async function storeTokenBeforeLoad(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-token-stored')) return;
    sessionStorage.setItem('e2e-token-stored', '1');
    localStorage.setItem('jwtToken', t);
  }, token);
}

/** Holds the site's JavaScript back until `release()`: a slow phone that has painted but has no script yet. */
export const holdScripts = (page: Page) => holdRequests(page, '**/assets/**/*.js');
