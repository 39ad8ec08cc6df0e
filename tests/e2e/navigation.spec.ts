import { content, EVENTS } from './content';
import type { Locator, Page } from '@playwright/test';
import { expect, holdRequests, hydrate, isPhone, test } from './fixtures';

/** Menu label, path, and the heading the page shows (content pages: the fixture's headings). */
const ABOUT = [
  ['COF', '/cof', content.cof.heading],
  ['Family', '/family', content.family.heading],
  ['Staff', '/staff', content.staff.heading],
  ['Golf Pros', '/golfers', content.golfers.heading],
] as const;

/** The About sub-menu's toggle: a <summary> (a native disclosure, so it works without JavaScript). */
const aboutToggle = (nav: Locator) => nav.locator('summary', { hasText: 'About' });

const MAIN = [
  ['Events', '/events', 'Events'],
  ['Scholarship', '/scholarship', content.scholarship.heading],
  ['Family of the Year', '/family_of_the_year', content.family_of_the_year.heading],
  ['Gallery', '/gallery', content.gallery.heading],
  ['Sponsors', '/sponsors', content.sponsors.heading],
  ['Register', '/register', 'Register with us'],
  ['Log in', '/login', 'Log in to your profile'],
  ['Home', '/', content.home.mission.heading],
] as const;

// Tagged tests run only in their own Playwright project (see playwright.config.ts).
test.describe('desktop top menu', { tag: '@desktop' }, () => {
  test('every top link navigates without a full reload', async ({ page }) => {
    // From a page React runs, links move in place, to pages without scripts too.
    await page.goto('/');
    await hydrate(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, heading] of MAIN) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    }
    // Client-side navigation: the page was never reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The current section is marked for screen readers and visually, sub-pages included.
    await page.goto(`/events/${EVENTS.golf.eventNumber}`);
    await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });

  test('the About sub-menu opens by mouse and by keyboard and each link navigates', async ({ page }) => {
    await page.goto('/');
    await hydrate(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, heading] of ABOUT) {
      await aboutToggle(nav).click();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      // After the navigation the sub-menu is closed again, and its current page marked.
      await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeHidden();
      await expect(nav.getByRole('link', { name: label, exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page');
      await expect(aboutToggle(nav)).toHaveCSS('text-decoration-line', 'underline');
    }
    await aboutToggle(nav).focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeHidden();
    await expect(aboutToggle(nav)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeVisible();
    // A click elsewhere closes it, and so does focus leaving it.
    await page.getByRole('main').click({ position: { x: 5, y: 5 } });
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeHidden();
    await aboutToggle(nav).click();
    await nav.getByRole('link', { name: 'Golf Pros' }).focus();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Events', exact: true })).toBeFocused();
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeHidden();
    // Outside the About pages the toggle is not underlined.
    await nav.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(aboutToggle(nav)).not.toHaveCSS('text-decoration-line', 'underline');
  });
});

test.describe('phone slide-out menu', { tag: '@phone' }, () => {
  test('shows the logo and Donate in the bar, and slides the menu in and out over 500 ms', async ({ page }) => {
    // A page without scripts: the menu is HTML (a popover) and a few inline lines.
    await page.goto('/events');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('button', { name: 'Donate' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    // The panel slides (a transition of its transform) to the right edge of the screen.
    expect(await panel.evaluate((el) => [getComputedStyle(el).transitionProperty, getComputedStyle(el).transitionDuration])).toEqual(['transform', '0.5s']);
    await expect.poll(() => panel.evaluate((el) => el.getBoundingClientRect().right)).toBe(390);
    // The open menu takes focus, and gives it back to the menu button when it closes.
    await expect(panel.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('a tap on the overlay closes the menu and does not reach the page below; so does tabbing out of it', async ({ page }) => {
    // A page without scripts: the menu is HTML (a popover) and a few inline lines.
    await page.goto('/events');
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(panel).toBeVisible();
    // The left edge of the screen, over the events' cards and their links.
    await page.mouse.click(20, 500);
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/events$/);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Mobile' });
    await nav.getByRole('link', { name: 'Log in' }).focus();
    await page.keyboard.press('Tab');
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('every menu link navigates without a full reload and closes the menu', async ({ page }) => {
    test.slow(); // a dozen pages, each behind a 500 ms slide in and out
    await page.goto('/');
    await hydrate(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    for (const [label, path, heading] of [...ABOUT, ...MAIN]) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    }
    // Client-side navigation: the script, not a new page, closed the menu each time.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });
});

test('a menu opened before the page has hydrated stays open through it, and its links then navigate in place', async ({ page }) => {
  // A slow phone: the page has painted, its scripts have not arrived yet.
  const release = await holdRequests(page, '**/assets/**/*.js');
  await page.goto('/', { waitUntil: 'commit' });
  const phone = isPhone(page);
  const nav = page.getByRole('navigation', { name: phone ? 'Mobile' : 'Main' });
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  else await aboutToggle(nav).click();
  await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).not.toBeAttached();
  release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeVisible();
  // The phone menu takes focus as if it had been opened by the script.
  if (phone) await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await nav.getByRole('link', { name: 'Golf Pros' }).click();
  await expect(page).toHaveURL(/\/golfers$/);
  await expect(page.getByRole('heading', { name: content.golfers.heading, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
});

test('the logo links home', async ({ page }) => {
  await page.goto('/gallery');
  await page.getByRole('banner').getByRole('link', { name: /home/ }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: content.home.mission.heading })).toBeVisible();
});

/** Every link of both menus, in order: Home, About's, the main ones, then the account links (CSS shows two). */
const MENU_HREFS = [
  '/',
  '/cof',
  '/family',
  '/staff',
  '/golfers',
  '/events',
  '/scholarship',
  '/family_of_the_year',
  '/gallery',
  '/sponsors',
  '/dashboard',
  '/register',
  '/login',
  '/logout',
];

test.describe('the menus without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Loads `path` and checks that no script ran (with scripts, the head script always sets <html data-auth>). */
  const visit = async (page: Page, path: string) => {
    await page.goto(path);
    await expect(page.locator('html')).not.toHaveAttribute('data-auth');
  };

  for (const path of ['/', '/cof', '/events', `/events/${EVENTS.golf.eventNumber}`, '/sponsors']) {
    test(`${path} has every menu link in its server HTML, the current one marked`, async ({ page }) => {
      await visit(page, path);
      for (const name of ['Main', 'Mobile']) {
        const links = page.locator(`nav[aria-label="${name}"] a`);
        expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))), `${name} menu`).toEqual(MENU_HREFS);
        const current = await page.locator(`nav[aria-label="${name}"] a[aria-current="page"]`).evaluateAll((as) => as.map((a) => a.getAttribute('href')));
        expect(current, `${name} menu's current link`).toEqual([path.startsWith('/events') ? '/events' : path]);
      }
    });
  }

  test('the About sub-menu opens by click and by keyboard, and its links navigate', { tag: '@desktop' }, async ({ page }) => {
    await visit(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'COF' })).toBeHidden();
    await aboutToggle(nav).click();
    for (const [label] of ABOUT) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await aboutToggle(nav).click();
    await expect(nav.getByRole('link', { name: 'COF' })).toBeHidden();
    await aboutToggle(nav).focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'COF' })).toBeVisible();
    await page.keyboard.press('Space');
    await expect(nav.getByRole('link', { name: 'COF' })).toBeHidden();

    for (const [label, path, heading] of ABOUT) {
      await aboutToggle(nav).click();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      // A new page: the sub-menu starts closed, its toggle underlined for the About section.
      await expect(nav.getByRole('link', { name: 'COF' })).toBeHidden();
      await expect(aboutToggle(nav)).toHaveCSS('text-decoration-line', 'underline');
    }
  });

  test('the menu button opens the menu, its links navigate, and Escape, Close and the overlay close it', { tag: '@phone' }, async ({ page }) => {
    await visit(page, '/events');
    const panel = page.getByRole('dialog', { name: 'Menu' });
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(panel).toBeHidden();
    await open.click();
    await expect(panel).toBeVisible();
    // The slide is CSS alone, so it works without JavaScript too.
    await expect.poll(() => panel.evaluate((el) => el.getBoundingClientRect().right)).toBe(390);
    await expect(panel.getByRole('heading', { name: 'Menu' })).toBeVisible();
    const nav = panel.getByRole('navigation', { name: 'Mobile' });
    await expect(nav.getByRole('list', { name: 'About' })).toBeVisible();
    for (const [label] of [...ABOUT, ...MAIN]) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Events', exact: true })).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await open.click();
    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();
    await open.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(20, 500);
    await expect(panel).toBeHidden();
    await expect(page).toHaveURL(/\/events$/);

    await open.click();
    await nav.getByRole('link', { name: 'Staff', exact: true }).click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByRole('heading', { name: content.staff.heading, exact: true })).toBeVisible();
    await expect(panel).toBeHidden();
  });
});
