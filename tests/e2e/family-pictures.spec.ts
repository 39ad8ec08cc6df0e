import AxeBuilder from '@axe-core/playwright';
import { content } from './content';
import { screenshotDir } from './e2e-env';
import { expect, test } from './fixtures';

/** Issue 33, bug 5: the COF page shows the "Family pictures" staff edit, at 1280 and 390 px. */

const SHOTS = screenshotDir('bugs');

test('the About page shows the family pictures, described, without layout shift or sideways scrolling', async ({ page }, testInfo) => {
  const { cof } = content;
  await page.goto('/cof');
  const gallery = page.getByRole('region', { name: 'Family pictures' });
  await expect(gallery.getByRole('img')).toHaveCount(cof.familyCarousel.length);
  for (const picture of cof.familyCarousel) {
    const img = gallery.getByRole('img', { name: picture.alt, exact: true });
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveAttribute('loading', 'lazy');
    // Its box is set by its size before it loads, and it does load.
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  // Against the viewport asked for: a phone's layout viewport grows with what overflows.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await gallery.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/cof-family-pictures-${testInfo.project.name}.png`, fullPage: true });
});
