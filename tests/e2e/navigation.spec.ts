import { content, EVENTS } from './content';
import { expect, test } from './fixtures';

/** Menu label, path, and the heading the page shows (content pages: the fixture's headings). */
const ABOUT = [
  ['COF', '/cof', content.cof.heading],
  ['Family', '/family', content.family.heading],
  ['Staff', '/staff', content.staff.heading],
  ['Golf Pros', '/golfers', content.golfers.heading],
] as const;

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
    await page.goto('/sponsors');
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
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, path, heading] of ABOUT) {
      await nav.getByRole('button', { name: 'About' }).click();
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    }
    await nav.getByRole('button', { name: 'About' }).focus();
    await page.keyboard.press('Enter');
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeHidden();
  });
});

test.describe('phone slide-out menu', { tag: '@phone' }, () => {
  test('shows the logo and Donate in the bar, and slides the menu in and out over 500 ms', async ({ page }) => {
    await page.goto('/events');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
    await expect(banner.getByRole('button', { name: 'Donate' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await expect(panel).toBeVisible();
    expect(await panel.evaluate((el) => getComputedStyle(el).animationDuration)).toBe('0.5s');
    await panel.getByRole('button', { name: 'Close menu' }).click();
    await expect(panel).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  });

  test('every menu link navigates and closes the menu', async ({ page }) => {
    test.slow(); // a dozen pages, each behind a 500 ms slide in and out
    await page.goto('/');
    for (const [label, path, heading] of [...ABOUT, ...MAIN]) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replace('/', '\\/')}$`));
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    }
  });
});

test('the logo links home', async ({ page }) => {
  await page.goto('/gallery');
  await page.getByRole('banner').getByRole('link', { name: /home/ }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: content.home.mission.heading })).toBeVisible();
});
