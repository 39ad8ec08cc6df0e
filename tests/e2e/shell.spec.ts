import { expect, fakeToken, isPhone, test } from './fixtures';

/** Spec §2 routes and the heading each one shows. */
const ROUTES: [string, string][] = [
  ['/', 'Mission Statement'],
  ['/cof', 'About the Foundation'],
  ['/family', 'In Loving Memory'],
  ['/staff', 'Our Staff'],
  ['/golfers', 'Golf Professionals'],
  ['/events', 'Events'],
  ['/events/6', 'Golf Event'],
  ['/scholarship', 'Rowan Hale Memorial Scholarship'],
  ['/family_of_the_year', 'Family of the Year'],
  ['/gallery', 'Gallery'],
  ['/sponsors', 'Our Sponsors'],
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
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Rowan Hale Memorial Foundation`);
      await expect(footer).toContainText('EIN (federal tax id): 83-1234567');
      await expect(footer).toContainText('501(c)(3) nonprofit organization established in 2018, Minnesota');
      await expect(footer.getByRole('link', { name: 'hello@example.org' })).toHaveAttribute('href', 'mailto:hello@example.org');
      await expect(footer.getByRole('link', { name: '(740) 555-0142' })).toHaveAttribute('href', 'tel:+17405550142');
      for (const network of ['Facebook', 'Instagram', 'Twitter']) {
        const link = footer.getByRole('link', { name: new RegExp(network) });
        await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(link).toHaveAttribute('target', '_blank');
      }
    });
  }
});

test('an unknown path is the not-found screen with status 404, and Go home goes home', async ({ page, pageErrors }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  // Chromium logs the document's own 404 status; that one is expected here, nothing else is.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  pageErrors.length = 0;
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Mission Statement' })).toBeVisible();
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
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
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

test('signed-out visitors see Register and Log in; a stored token shows My Dashboard and Log out', async ({ page }) => {
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

  const exp = Math.floor(Date.now() / 1000) + 3600;
  await page.evaluate((token) => localStorage.setItem('jwtToken', token), fakeToken({ id: 1, first: 'ada', exp }));
  await page.reload();
  nav = await menuLinks();
  await expect(nav.getByRole('link', { name: 'My Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Log out' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);

  // An expired token counts as signed out.
  await page.evaluate((token) => localStorage.setItem('jwtToken', token), fakeToken({ id: 1, exp: 1000 }));
  await page.reload();
  nav = await menuLinks();
  await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
});
