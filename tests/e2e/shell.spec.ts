import { yearInFoundationZone } from '../../common/dates';
import { signedIn } from './accounts';
import { content, EVENTS } from './content';
import { expect, hydrate, isPhone, test } from './fixtures';

const { site } = content;

/** Spec §2 routes and the heading each one shows (content pages: the fixture's headings). */
const ROUTES: [string, string][] = [
  ['/', content.home.mission.heading],
  ['/cof', content.cof.heading],
  ['/family', content.family.heading],
  ['/staff', content.staff.heading],
  ['/golfers', content.golfers.heading],
  ['/events', 'Events'],
  [`/events/${EVENTS.golf.eventNumber}`, 'Golf Event'],
  ['/scholarship', content.scholarship.heading],
  ['/family_of_the_year', content.family_of_the_year.heading],
  ['/gallery', content.gallery.heading],
  ['/sponsors', content.sponsors.heading],
  ['/login', 'Log in to your profile'],
  ['/register', 'Register with us'],
  ['/forgot', 'Forgot your password?'],
];

test.describe('every route', () => {
  for (const [path, heading] of ROUTES) {
    test(`${path} shows "${heading}" inside the shell`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(`© ${yearInFoundationZone()} ${site.name}`);
      await expect(footer).toContainText(`EIN (federal tax id): ${site.ein}`);
      await expect(footer).toContainText(`${site.status} established in ${site.founded}, ${site.state}`);
      await expect(footer.locator('address')).toContainText(site.address.street);
      await expect(footer.locator('address')).toContainText(`${site.address.city}, ${site.address.state} ${site.address.zip}`);
      await expect(footer.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
      // The fixture's phone is (412) 555-0199.
      await expect(footer.getByRole('link', { name: site.phone })).toHaveAttribute('href', 'tel:+14125550199');
      for (const network of ['facebook', 'instagram', 'twitter'] as const) {
        const link = footer.getByRole('link', { name: new RegExp(network, 'i') });
        await expect(link).toHaveAttribute('href', site.social[network].href);
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(link).toHaveAttribute('target', '_blank');
      }
    });
  }
});

test('an unknown path is the not-found screen with status 404, and Go home goes home @phone', async ({ page, pageErrors }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  // Chromium logs the document's own 404 status; that one is expected here, nothing else is.
  expect(pageErrors).toEqual([`console: Failed to load resource: the server responded with a status of 404 (Not Found) (${page.url()})`]);
  pageErrors.length = 0;
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: content.home.mission.heading })).toBeVisible();
});

test('a request dropped because the visitor moved on is no error; any other unhandled failure still is @desktop', async ({ page, pageErrors }) => {
  await page.goto('/login');
  await hydrate(page);
  await page.evaluate(() => {
    const controller = new AbortController();
    void fetch('/api/events/upcoming', { signal: controller.signal });
    controller.abort();
  });
  await page.evaluate(() => void Promise.reject(new Error('a real failure')));
  await expect.poll(() => [...pageErrors]).toEqual(['pageerror: a real failure']);
  pageErrors.length = 0;
});

test('the Donate buttons open the Donation Form dialog', async ({ page }) => {
  await page.goto('/events');
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Donation Form' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByPlaceholder('Amount (ex. $20.00)')).toBeVisible();
  await expect(dialog.getByPlaceholder('Email to send receipt to')).toBeVisible();
  await expect(dialog.getByPlaceholder('Leave us a message (optional)')).toBeVisible();
  await expect(dialog.getByText('Test mode — no real card is charged')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Give', exact: true })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  if (isPhone(page)) {
    // The phone's top bar has its own Donate button (spec §2).
    await page.getByRole('banner').getByRole('button', { name: 'Donate' }).click();
    await expect(page.getByRole('dialog', { name: 'Donation Form' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Donation Form' })).toBeHidden();
  }
});

test('signed-out visitors see Register and Log in; a signed-in supporter sees My Dashboard and Log out @phone', async ({ page }) => {
  const menuLinks = async () => {
    if (isPhone(page)) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      const nav = page.getByRole('navigation', { name: 'Mobile' });
      await expect(nav).toBeVisible();
      return nav;
    }
    return page.getByRole('navigation', { name: 'Main' });
  };
  await page.goto('/');
  let nav = await menuLinks();
  await expect(nav.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Dashboard' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Log out' })).toHaveCount(0);

  // A real session: a mark without one is stale, and the server's next answer clears it (ADR 043).
  await signedIn(page);
  await page.reload();
  nav = await menuLinks();
  await expect(nav.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);

  // The script-readable mark decides which links show on the shared page; without it the visitor is signed out.
  await page.context().clearCookies({ name: 'signed_in' });
  await page.reload();
  nav = await menuLinks();
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
});
