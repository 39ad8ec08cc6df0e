import { E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { closeRounds, eastern, journeyYear, oneScholarshipJourneyAtATime } from './scholarship';
import { adminTest } from './staff';

// The back office's own server and database (see E2E_ADMIN_PORT); its public pages show what staff made.
adminTest.use({ baseURL: E2E_ADMIN_URL });

/** The scholarship round (issue 34): an admin opens one with the defaults, and the Scholarship page invites applications. */

const SHOTS = screenshotDir('scholarship-rounds');

adminTest('an admin opens a round with the defaults and the Scholarship page invites applications', async ({ page, browser }, testInfo) => {
  adminTest.slow(); // axe on three screens and a long form
  const width = testInfo.project.name;
  const year = journeyYear('rounds', width);
  await oneScholarshipJourneyAtATime(async () => {
    try {
      const opens = eastern(new Date(Date.now() - 10 * 60_000));
      const closes = eastern(new Date(Date.now() + 14 * 24 * 3_600_000));

      await page.goto('/admin/scholarship');
      await expect(page.getByRole('heading', { level: 1, name: 'Scholarship' })).toBeVisible();
      await expect(page.getByLabel('Award 1 name')).toHaveValue('First choice');
      await expect(page.getByLabel('Question 4 requirement shown')).toHaveValue('GPA of 3.0 or higher');

      // Bad input first: no dates.
      await page.getByLabel('Year').fill(String(year));
      await page.getByRole('button', { name: 'Open the round' }).click();
      await expect(page.getByText('The opening date is required.').first()).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention' })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/round-form-errors-${width}.png`, fullPage: true });

      await page.getByLabel('Opening date').fill(opens.date);
      await page.getByLabel('Opening time').fill(opens.time);
      await page.getByLabel('Closing date').fill(closes.date);
      await page.getByLabel('Closing time').fill(closes.time);
      await page.getByRole('button', { name: 'Open the round' }).click();
      await expect(page.getByText(`The ${year} round is saved.`)).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: String(year) });
      await expect(row.getByRole('cell', { name: 'Open', exact: true })).toBeVisible();
      await expect(row.getByRole('link', { name: `Winners of ${year}` })).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoSidewaysScrolling(page);
      await page.screenshot({ path: `${SHOTS}/admin-scholarship-${width}.png`, fullPage: true });

      // A visitor, signed out, on the Scholarship page.
      const visitorContext = await browser.newContext({ baseURL: E2E_ADMIN_URL, storageState: undefined, viewport: page.viewportSize() ?? undefined });
      const visitor = await visitorContext.newPage();
      try {
        const block = visitor.getByRole('region', { name: `Apply for the ${year} Scholarship` });
        // A cached page follows the new round within the cache's check interval (ADR 029).
        await expect(async () => {
          await visitor.goto('/scholarship');
          await expect(block).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 10_000 });
        await expect(block.getByText(/^Applications are open until \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [ap]\.m\. ET\.$/)).toBeVisible();
        await expect(block.getByText('GPA of 3.0 or higher')).toBeVisible();
        await expect(block.getByText('High school transcript')).toBeVisible();
        await expect(block.getByRole('link', { name: 'Apply', exact: true })).toHaveAttribute('href', '/scholarship/apply');
        await expect(visitor.getByRole('heading', { name: 'Previous Winners' })).toBeVisible();
        await expectNoAxeViolations(visitor);
        await expectNoSidewaysScrolling(visitor);
        await visitor.screenshot({ path: `${SHOTS}/scholarship-page-${width}.png`, fullPage: true });
      } finally {
        await visitorContext.close();
      }
    } finally {
      await closeRounds(year);
    }
  });
});
