import AxeBuilder from '@axe-core/playwright';
import { expect, isPhone, test } from './fixtures';
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

test('the open menu (phone) and the open About sub-menu (desktop) have no axe violations', async ({ page }) => {
  await page.goto('/cof');
  if (isPhone(page)) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Golf Pros' })).toBeVisible();
  } else {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.locator('summary', { hasText: 'About' }).click();
    await expect(nav.getByRole('link', { name: 'Golf Pros' })).toBeVisible();
  }
  // The menu has finished sliding in or unfolding (its colours are checked where they end up).
  await page.waitForFunction(() => document.querySelector('header')!.getAnimations({ subtree: true }).length === 0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
