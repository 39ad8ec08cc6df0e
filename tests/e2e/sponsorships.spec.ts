import sharp from 'sharp';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { readOutbox } from '../helpers/outbox';
import { newAccount, signedIn } from './accounts';
import { withAdminDatabase } from './admin-database';
import { fillCard } from './card';
import { E2E_ADMIN_OUTBOX_DIR, E2E_ADMIN_URL, screenshotDir } from './e2e-env';
import { expect } from './fixtures';
import { expectNoAxeViolations, expectNoSidewaysScrolling } from './page-checks';
import { adminTest } from './staff';

// The back office's own server and database; its public pages show what staff made.
adminTest.use({ baseURL: E2E_ADMIN_URL });

/**
 * Sponsorship packages (ADR 052, 054): staff define one with a team place, a business buys it with a
 * logo, names its team from the receipt's link, staff approve, the logo shows.
 */

const SHOTS = screenshotDir('sponsorships');
let ownEvents = 0;

adminTest('staff define a package with a team, a business buys it with a logo and names its team, staff approve it and the logo shows', async ({ page, browser }, testInfo) => {
  adminTest.slow(); // two people's journeys, a payment and axe on several screens
  const width = testInfo.project.name;
  const eventNumber = 8000 + (process.pid % 100) * 10 + ownEvents++;
  const eventName = `Sponsor Open ${Date.now().toString(36)}`;
  await withAdminDatabase((db) => createTestEvent(db, { eventNumber, eventType: 'Golf Event', name: eventName, published: true }));
  const packageName = `Gold ${Date.now().toString(36)}`;
  const displayName = `Acme Hardware ${Date.now().toString(36)}`;

  // Staff: bad input first, then the package.
  await page.goto(`/admin/events/${eventNumber}/sponsorships`);
  await expect(page.getByRole('heading', { level: 1, name: `Sponsorships: ${eventName}` })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(packageName);
  await page.getByLabel('Price (dollars)').fill('lots');
  await page.getByRole('button', { name: 'Add package' }).click();
  await expect(page.getByText('The price must be an amount in dollars').first()).toBeVisible();
  await expect(page.getByText('What it includes is required.').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScrolling(page);
  await page.getByLabel('Price (dollars)').fill('2,500');
  await page.getByLabel('How many are available').fill('2');
  await page.getByLabel('What it includes').fill('Logo on the carts and one team.');
  await page.getByLabel('Value of goods and services (dollars, for the receipt)').fill('600');
  await page.getByLabel('Team or party places included').fill('1');
  await page.getByLabel('Names due by').fill(dayFromNow(20));
  await page.getByLabel('Published (shown on the event page and for sale)').check();
  await page.getByRole('button', { name: 'Add package' }).click();
  await expect(page.getByText('Package saved.')).toBeVisible();
  await expect(page.getByText('2 of 2 left')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/admin-packages-${width}.png`, fullPage: true });

  // A business, signed out, on the event page.
  const visitorContext = await browser.newContext({ baseURL: E2E_ADMIN_URL, storageState: undefined, viewport: page.viewportSize() ?? undefined });
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`/events/${eventNumber}`);
    const offer = visitor.getByRole('region', { name: 'Sponsor this event' });
    await expect(offer.getByText('2 of 2 left')).toBeVisible();
    await offer.getByRole('link', { name: `Sponsor as ${packageName}` }).click();
    await expect(visitor.getByRole('heading', { level: 1, name: `Sponsor ${eventName}` })).toBeVisible();
    await expect(visitor.getByRole('radio', { name: new RegExp(packageName) })).toBeChecked();
    // A plain-http link is refused beside its field.
    await visitor.getByLabel('Link to your website (https://…)').fill('http://acme.example.com');
    await visitor.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(visitor.getByText('The link must be a web address starting with https://').first()).toBeVisible();
    await expect(visitor.getByText('Upload your logo (SVG, PNG or JPEG).').first()).toBeVisible();
    await expectNoAxeViolations(visitor);
    await expectNoSidewaysScrolling(visitor);
    await visitor.screenshot({ path: `${SHOTS}/order-errors-${width}.png`, fullPage: true });

    await visitor.getByLabel('Company name').fill('Acme Hardware LLC');
    await visitor.getByLabel('Name to display with your logo').fill(displayName);
    await visitor.getByLabel('Contact name').fill('Dana Fox');
    const contactEmail = `dana.${Date.now().toString(36)}@example.org`;
    await visitor.getByLabel('Contact email').fill(contactEmail);
    await visitor.getByLabel('Phone').fill('(740) 555-0142');
    await visitor.getByLabel('Link to your website (https://…)').fill('https://acme.example.com');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#1d4ed8"/><circle cx="40" cy="40" r="28" fill="#facc15"/></svg>');
    await visitor.getByLabel('Logo (SVG, PNG or JPEG)').setInputFiles({ name: 'acme.svg', mimeType: 'image/svg+xml', buffer: svg });
    await visitor.getByRole('button', { name: 'Continue to payment' }).click();
    const pay = visitor.getByRole('region', { name: `Pay for the ${packageName} package` });
    await expect(pay).toBeVisible();
    await fillCard(pay);
    await expectNoAxeViolations(visitor);
    await expectNoSidewaysScrolling(visitor);
    await pay.getByRole('button', { name: 'Pay $2,500.00' }).click();
    await expect(visitor.getByText('Thank you! Your sponsorship is paid.')).toBeVisible();
    await expect(visitor.getByText('Your package includes places: the email says how to name who is coming')).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/order-paid-${width}.png`, fullPage: true });
    await visitor.goto(`/events/${eventNumber}`);
    await expect(visitor.getByRole('region', { name: 'Sponsor this event' }).getByText('1 of 2 left')).toBeVisible();
    await expect(visitor.getByText(displayName)).toHaveCount(0);

    // The receipt's one-time link: the sponsor signs in and ties the sale to their account.
    let claimLink = '';
    await expect(async () => {
      const mail = (await readOutbox(E2E_ADMIN_OUTBOX_DIR)).find((m) => m.to === contactEmail);
      expect(mail?.text).toContain('Your package includes 1 team. Please tell us who is coming by');
      claimLink = new URL(/(\S+\/sponsorships\/claim\/\S+)/.exec(mail!.text)![1]!).pathname;
    }).toPass({ timeout: 15_000 });
    await visitor.goto(claimLink);
    await expect(visitor).toHaveURL(/\/login\?from=/);
    const account = await signedIn(visitor, newAccount('sponsor'));
    await visitor.goto(claimLink);
    await expect(visitor.getByText('Acme Hardware LLC’s')).toBeVisible();
    await expect(visitor.getByText(account.email)).toBeVisible();
    await expectNoAxeViolations(visitor);
    await expectNoSidewaysScrolling(visitor);
    await visitor.screenshot({ path: `${SHOTS}/claim-${width}.png`, fullPage: true });
    await visitor.getByRole('button', { name: 'Use this account' }).click();

    // Naming the team: a tag is refused beside its field, then some names now, the rest later.
    await expect(visitor.getByRole('heading', { level: 1, name: 'My sponsorship' })).toBeVisible();
    await expect(visitor.getByText('includes 1 team. 0 of 4 named.')).toBeVisible();
    await visitor.getByLabel('Team name').fill('<b>Acme Aces</b>');
    await visitor.getByLabel('Player 1').fill('Ann Lee');
    await visitor.getByRole('button', { name: 'Save the names' }).click();
    await expect(visitor.getByText('Please write plain text, without HTML tags.')).toBeVisible();
    await expect(visitor.getByLabel('Player 1')).toHaveValue('Ann Lee');
    await expectNoAxeViolations(visitor);
    await expectNoSidewaysScrolling(visitor);
    await visitor.screenshot({ path: `${SHOTS}/naming-errors-${width}.png`, fullPage: true });
    await visitor.getByLabel('Team name').fill('Acme Aces');
    await visitor.getByLabel('Player 2').fill('Bo Ray');
    await visitor.getByRole('button', { name: 'Save the names' }).click();
    await expect(visitor.getByText('The names are saved.')).toBeVisible();
    await expect(visitor.getByText('2 of 4 named.')).toBeVisible();
    await visitor.screenshot({ path: `${SHOTS}/naming-saved-${width}.png`, fullPage: true });
    await visitor.getByRole('link', { name: 'My Dashboard' }).first().click();
    const card = visitor.getByRole('region', { name: 'Sponsorships' });
    await expect(card.getByText('1 team · 2 of 4 named')).toBeVisible();
    await expect(card.getByRole('link', { name: `Name who is coming for ${eventName}` })).toBeVisible();
    await expectNoAxeViolations(visitor);
    await expectNoSidewaysScrolling(visitor);
  } finally {
    await visitorContext.close();
  }

  // Staff see the logo and approve it.
  await page.goto(`/admin/events/${eventNumber}/sponsorships`);
  const row = page.getByRole('list', { name: 'Sponsors' }).getByRole('listitem').filter({ hasText: displayName });
  await expect(row.getByRole('img', { name: `Logo of ${displayName}` })).toBeVisible();
  await expect(row.getByText('Waiting for approval')).toBeVisible();
  await expect(row.getByText('Includes 1 team: 2 of 4 named')).toBeVisible();
  await expect(row.getByText('Acme Aces: Ann Lee, Bo Ray, not named yet, not named yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScrolling(page);
  await page.screenshot({ path: `${SHOTS}/admin-sponsors-${width}.png`, fullPage: true });
  await row.getByRole('button', { name: `Approve ${displayName}` }).click();
  await expect(page.getByText(`“${displayName}” is approved and shown on the site.`)).toBeVisible();

  // The logo on the event page and on the Sponsors page.
  await page.goto(`/events/${eventNumber}`);
  const sponsors = page.getByRole('region', { name: 'Our sponsors' });
  await expect(sponsors.getByText(displayName)).toBeVisible();
  const logo = sponsors.locator('img').first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const logoSrc = (await logo.getAttribute('src'))!;
  expect(logoSrc).toMatch(/^\/sponsors\/logos\/\d+\.png$/);
  await expectNoAxeViolations(page);
  await expectNoSidewaysScrolling(page);
  await page.screenshot({ path: `${SHOTS}/event-page-${width}.png`, fullPage: true });
  await page.goto('/sponsors');
  const wall = page.getByRole('region', { name: 'Event sponsors' });
  await expect(wall.getByText(displayName)).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScrolling(page);
  await wall.screenshot({ path: `${SHOTS}/sponsors-page-${width}.png` });
  // The SVG was kept only as the PNG the site drew.
  const served = await page.request.get(logoSrc);
  expect(served.headers()['content-type']).toBe('image/png');
  expect((await sharp(await served.body()).metadata()).format).toBe('png');
});
