import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { PUBLIC_ROUTES } from './routes';

// Every public screen, at both widths (the desktop and phone projects).
for (const path of PUBLIC_ROUTES) {
  test(`${path} has no axe violations (WCAG 2.1 AA)`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}

test('the not-found page and the open Donation Form have no axe violations', async ({ page, pageErrors }) => {
  await page.goto('/nowhere');
  pageErrors.length = 0; // the document's own 404 status is logged by Chromium
  let results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.getByRole('region', { name: 'Donate' }).getByRole('button', { name: 'Donate' }).click();
  await expect(page.getByRole('dialog', { name: 'Donation Form' })).toBeVisible();
  results = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
