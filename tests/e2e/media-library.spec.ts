import AxeBuilder from '@axe-core/playwright';
import { content } from './content';
import { E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { adminTest as test } from './staff';

// The back office's own server and database (see E2E_ADMIN_PORT).
test.use({ baseURL: E2E_ADMIN_URL });

/** Issue 33, bug 6: the content folder's pictures are in the media library and the pickers, at 1280 and 390 px. */

const SHOTS = screenshotDir('bugs');

test('the media library shows the pictures already on the site, and an announcement can pick one by sight', async ({ page }, testInfo) => {
  const family = content.cof.familyCarousel[0]!;
  await page.goto('/admin/media');
  const shipped = page.getByRole('region', { name: /^On the site already/ });
  await expect(shipped.getByRole('img', { name: family.alt, exact: true })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  await shipped.getByRole('heading').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/media-library-${testInfo.project.name}.png` });

  await page.goto('/admin/announcements');
  await page.getByLabel('Picture', { exact: true }).selectOption(family.src);
  // The thumbnail follows the choice.
  await expect(page.locator(`img[src="${family.src}"]`)).toBeVisible();
  await page.locator(`img[src="${family.src}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/announcement-picker-${testInfo.project.name}.png` });
});
