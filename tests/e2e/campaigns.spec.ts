import { dayFromNow } from '../helpers/events';
import { fillCard } from './card';
import { E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { uploadPicture } from './media';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { adminTest } from './staff';

// The back office's own server and database (see E2E_ADMIN_PORT); its public pages show what staff made.
adminTest.use({ baseURL: E2E_ADMIN_URL });

/** Campaigns with a goal (ADR 047): staff make one, a visitor gives on its page and the bar moves. */

const SHOTS = screenshotDir('campaigns');

adminTest('staff make a campaign, a visitor gives on its page and the bar moves', async ({ page, browser }, testInfo) => {
  adminTest.slow(); // two people's journeys, a payment and axe on four screens
  const width = testInfo.project.name;
  const name = `Winter Pantry ${Date.now().toString(36)}`;
  const picture = await uploadPicture(page, 'Shelves of groceries', 'campaign');

  // Staff: bad input first, then the campaign.
  await page.goto('/admin/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Goal (dollars)').fill('lots');
  await page.getByRole('button', { name: 'Add campaign' }).click();
  await expect(page.getByText('The goal must be an amount in dollars').first()).toBeVisible();
  await expect(page.getByText('The story is required.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScrolling(page);
  await page.getByLabel('Story').fill('Winter is hard on families in treatment.\n\nYour gift fills their pantry until spring.');
  await page.getByLabel('Picture', { exact: true }).selectOption({ label: `${picture} — Shelves of groceries` });
  await page.getByLabel('Alt text (describes the picture)').fill('Shelves of groceries in the foundation pantry');
  await page.getByLabel('Goal (dollars)').fill('200');
  await page.getByLabel('Start date (Eastern time)').fill(dayFromNow(-1));
  await page.getByLabel('End date (Eastern time)').fill(dayFromNow(13));
  await page.getByLabel('Published (its page is public and takes gifts in its dates)').check();
  await page.getByRole('button', { name: 'Add campaign' }).click();
  const slug = name.toLowerCase().replaceAll(' ', '-');
  await expect(page.getByText(`Campaign saved. Its page is /give/${slug}.`)).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('$0.00 of $200.00 · 0 gifts · 14 days left')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-campaigns-${width}.png`, fullPage: true });

  // A visitor, signed out, on the campaign's page.
  const visitorContext = await browser.newContext({ baseURL: E2E_ADMIN_URL, storageState: undefined, viewport: page.viewportSize() ?? undefined });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`/give/${slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    const bar = visitor.getByRole('progressbar', { name: `Raised toward the goal of ${name}` });
    await expect(bar).toHaveAttribute('aria-valuenow', '0');
    await expect(visitor.getByText('No named gifts yet. Be the first!')).toBeVisible();
    await expectNoAxeViolations(visitor);
    await expectNoSidewaysScrolling(visitor);

    await visitor.getByRole('button', { name: 'Give to this campaign' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Donation Form' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Other amount').fill('50');
    await dialog.getByPlaceholder('Email to send receipt to').fill(`dana.${Date.now().toString(36)}@example.org`);
    await dialog.getByLabel('Your name (optional)').fill('Dana Example');
    await fillCard(dialog);
    await expectNoAxeViolations(visitor, 'dialog[open]');
    await dialog.getByRole('button', { name: 'Give $50.00' }).click();
    await expect(dialog.getByText('Success! Thank you for your donation!')).toBeVisible();
    // Sharing names the campaign's page, so a friend gives to the same campaign.
    await expect(dialog.getByRole('link', { name: 'Email' })).toHaveAttribute('href', new RegExp(encodeURIComponent(`/give/${slug}`)));
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The page again: the bar moved and the first name is listed. A cached page follows the gift
    // within the cache's check interval (ADR 029), so a reload straight after may still be the old one.
    await expect(async () => {
      await visitor.reload();
      await expect(bar).toHaveAttribute('aria-valuenow', '25', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(visitor.getByText('$50.00', { exact: true })).toBeVisible();
    await expect(visitor.getByText('1 gift', { exact: true })).toBeVisible();
    const supporters = visitor.getByRole('region', { name: 'Latest supporters' });
    await expect(supporters.getByText('Dana', { exact: true })).toBeVisible();
    await expect(supporters).not.toContainText('Example');
    await expectNoAxeViolations(visitor);
    await visitor.screenshot({ path: `${SHOTS}/give-page-${width}.png`, fullPage: true });
  } finally {
    await visitorContext.close();
  }

  // An admin features it on the home page (the other width's test may feature its own meanwhile: try again).
  await expect(async () => {
    await page.goto('/admin/campaigns');
    await page.getByRole('button', { name: `Feature ${name} on the home page` }).click();
    await expect(page.getByText(`“${name}” is now on the home page.`)).toBeVisible({ timeout: 2_000 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('progressbar', { name: `Raised toward the goal of ${name}` })).toHaveAttribute('aria-valuenow', '25', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'section[aria-labelledby="featured-campaign"]');
  await expectNoSidewaysScrolling(page);
  await page.locator('section[aria-labelledby="featured-campaign"]').screenshot({ path: `${SHOTS}/home-card-${width}.png` });
});
