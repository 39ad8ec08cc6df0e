import sharp from 'sharp';
import { pageKeys } from '../../common/content';
import { createTestEvent, dayFromNow } from '../helpers/events';
import { signedIn } from './accounts';
import { withAdminDatabase } from './admin-database';
import { fillCard } from './card';
import { E2E_ADMIN_URL } from './e2e-env';
import { expect, test } from './fixtures';
import { uploadPicture } from './media';
import { expectNoAxeViolations } from './page-checks';
import { acceptSetUpLink, adminTest, finishSetUp, newStaffEmail, staffAdd } from './staff';

// The back office's own server and database (see E2E_ADMIN_PORT).
test.use({ baseURL: E2E_ADMIN_URL });

/**
 * Volunteers keep the site current from /admin: next year's outing from this year's,
 * a scheduled announcement, a staff card edited and restored, an uploaded picture served in
 * responsive variants, and a volunteer who may draft but not publish.
 */

let ownEvents = 0;
/** A golf outing of the test's own, published, dated relative to today. */
async function ownGolfOuting(name: string): Promise<number> {
  const eventNumber = 7000 + (process.pid % 100) * 100 + ownEvents++;
  await withAdminDatabase((db) => createTestEvent(db, { eventNumber, eventType: 'Golf Event', capacity: 30, name, stats: [{ priceCents: 40000, text: 'per team' }] }));
  return eventNumber;
}

adminTest("next year's golf outing from this year's: duplicate, new price and capacity, publish, JSON-LD, sign up and pay the new price @desktop", async ({ page, browser }) => {
  // Two people's whole journeys in one test: the admin's and the supporter's, with a payment.
  adminTest.slow();
  const year = Number(dayFromNow(60).slice(0, 4)); // the test event's year (createTestEvent's date)
  const name = `Spring Open ${year} ${Date.now().toString(36)}`;
  const source = await ownGolfOuting(name);
  await page.goto('/admin/events');
  await page.getByRole('button', { name: `Duplicate ${name} for next year` }).click();
  await expect(page.getByRole('heading', { name: /^Edit event \d+$/ })).toBeVisible();
  const copy = Number(/\/admin\/events\/(\d+)\/edit/.exec(page.url())![1]);
  expect(copy).not.toBe(source);
  const copyName = name.replace(String(year), String(year + 1));
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(copyName);
  await expectNoAxeViolations(page);

  await page.getByLabel('Team fee ($)').fill('450.00');
  await page.getByLabel('Teams (capacity)').fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // A draft is nowhere on the public site.
  expect((await page.request.get(`/events/${copy}`)).status()).toBe(404);
  // Staff see it as it will look, from the editor's preview link.
  expect(await page.getByRole('link', { name: 'Preview the draft (opens in a new tab)' }).getAttribute('href')).toBe(`/events/${copy}?preview=draft`);
  await page.goto(`/events/${copy}?preview=draft`);
  await expect(page.getByText('Preview of a draft')).toBeVisible();
  await expect(page.getByText('$450.00', { exact: true })).toBeVisible();
  await page.goto('/admin/events');
  await page.getByRole('button', { name: `Publish ${copyName}` }).click();
  await expect(page.getByText(`Event ${copy} is published: it is on the site now.`)).toBeVisible();

  const supporterContext = await browser.newContext();
  const supporter = await supporterContext.newPage();
  try {
    await supporter.goto('/events');
    await expect(supporter.getByRole('link', { name: `Details: ${copyName}` })).toBeVisible();
    await supporter.goto(`/events/${copy}`);
    await expect(supporter.getByText('12 team places left', { exact: true })).toBeVisible();
    await expect(supporter.getByText('$450.00', { exact: true })).toBeVisible();
    const jsonLd = JSON.parse((await supporter.locator('script[type="application/ld+json"]').first().textContent())!) as { name: string; offers: { price: string }[] };
    expect(jsonLd.name).toBe(copyName);
    expect(jsonLd.offers.map((o) => o.price)).toEqual(['450.00']);

    // The sign-up form asks the new price, and the server takes it.
    await signedIn(supporter);
    await supporter.goto(`/events/${copy}`);
    await supporter.getByRole('button', { name: 'Sign up', exact: true }).click();
    const dialog = supporter.getByRole('dialog', { name: 'Golf Event sign-up' });
    await expect(dialog.getByLabel(/^Amount/)).toHaveValue('$450.00');
    for (const n of [1, 2, 3, 4]) {
      const player = dialog.getByRole('group', { name: `Player ${n}` });
      await player.getByLabel('Name').fill(`Player ${n} Pro`);
      await player.getByLabel('Shirt size').selectOption('L');
    }
    await dialog.getByRole('group', { name: 'Player 1' }).getByLabel('Email', { exact: true }).fill(`captain.${Date.now()}@example.org`);
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByText('Success! Thank you for signing up!')).toBeVisible();
    await supporter.goto('/dashboard');
    await expect(supporter.getByText(copyName).first()).toBeVisible();
    await expect(supporter.getByText('$450.00').first()).toBeVisible();

    // A later price change is for later sign-ups: what was paid stays as it was.
    await page.goto(`/admin/events/${copy}/edit`);
    await page.getByLabel('Team fee ($)').fill('500.00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved. The change is on the site now.')).toBeVisible();
    await supporter.goto(`/events/${copy}`);
    await expect(supporter.getByText('$500.00', { exact: true })).toBeVisible();
    await expect(supporter.getByText('11 team places left', { exact: true })).toBeVisible();
    await supporter.goto('/dashboard');
    await expect(supporter.getByText('$450.00').first()).toBeVisible();
    await expect(supporter.getByText('$500.00')).toHaveCount(0);
  } finally {
    await supporterContext.close();
  }
});

adminTest('a scheduled announcement shows only from its date @desktop', async ({ page }) => {
  adminTest.slow(); // a whole journey: upload or edit, publish, then the public page
  const picture = await uploadPicture(page, 'A sunny golf course', 'photo');
  const heading = `Raffle night ${Date.now().toString(36)}`;
  await page.goto('/admin/announcements');
  await expectNoAxeViolations(page);
  await page.getByLabel('Heading', { exact: true }).fill(heading);
  await page.getByLabel('Date and place line').fill('Next month · Shadyside');
  await page.getByLabel('Link (a page such as /events/4, or https://…)').fill('/events');
  await page.getByLabel('Link text').fill('Learn more');
  await page.getByLabel('Picture', { exact: true }).selectOption({ label: `${picture} — A sunny golf course` });
  await page.getByLabel('Alt text (describes the picture)').fill('Raffle prizes on a table');
  await page.getByLabel('Show from (Eastern time)').fill(`${dayFromNow(2)}T09:00`);
  await page.getByLabel('Published (shows on the home page in its dates)').check();
  await page.getByRole('button', { name: 'Add announcement' }).click();
  await expect(page.getByText('Announcement saved.')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: heading });
  await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: heading })).toHaveCount(0);

  // Its date comes: the home page shows it with no restart and no re-seed.
  await page.goto('/admin/announcements');
  await page.getByRole('link', { name: `Edit ${heading}` }).click();
  // Wait for its own form: typed into the new-announcement form before it is swapped, the date would be lost.
  await expect(page.getByRole('heading', { name: `Edit “${heading}”` })).toBeVisible();
  await page.getByLabel('Show from (Eastern time)').fill(`${dayFromNow(-1)}T09:00`);
  await page.getByRole('button', { name: 'Save announcement' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: heading }).getByText('Showing', { exact: true })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
});

adminTest('a staff card edited, previewed, published, and the earlier version restored @desktop', async ({ page }) => {
  adminTest.slow(); // a whole journey: upload or edit, publish, then the public page
  await page.goto('/admin/pages/staff');
  await expectNoAxeViolations(page);
  const first = page.getByRole('group', { name: 'Staff member 1', exact: true });
  const before = await first.getByLabel('Name', { exact: true }).inputValue();
  const after = `Renamed ${Date.now().toString(36)}`;
  await first.getByLabel('Name', { exact: true }).fill(after);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved. Preview it, or ask an admin to publish it.')).toBeVisible();

  // The public page still shows the published card; the preview shows the draft.
  await page.goto('/staff');
  await expect(page.getByText(before).first()).toBeVisible();
  await expect(page.getByText(after)).toHaveCount(0);
  await page.goto('/staff?preview=draft');
  await expect(page.getByText('Preview of a draft')).toBeVisible();
  await expect(page.getByText(after).first()).toBeVisible();

  await page.goto('/admin/pages/staff');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the page shows the change now.')).toBeVisible();
  await page.goto('/staff');
  await expect(page.getByText(after).first()).toBeVisible();

  await page.goto('/admin/pages/staff');
  await page.getByRole('button', { name: /^Restore version \d+$/ }).first().click();
  await expect(page.getByText(/^Version \d+ restored: the page shows it now\.$/)).toBeVisible();
  await page.goto('/staff');
  await expect(page.getByText(before).first()).toBeVisible();
  await expect(page.getByText(after)).toHaveCount(0);
});

adminTest('an uploaded picture is served in AVIF and WebP variants with srcset, sizes, width and height @desktop', async ({ page }) => {
  adminTest.slow(); // a whole journey: upload or edit, publish, then the public page
  const picture = await uploadPicture(page, 'Morgan on the first tee', 'photo');
  await expectNoAxeViolations(page);
  await page.goto('/admin/pages/golfers');
  const pro = page.getByRole('group', { name: 'Golf pro 1', exact: true });
  await pro.getByLabel('Picture', { exact: true }).selectOption({ label: `${picture} — Morgan on the first tee` });
  await pro.getByLabel('Alt text (describes the picture for people who cannot see it)').fill('Morgan Birdie on the first tee');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the page shows the change now.')).toBeVisible();

  await page.goto('/golfers');
  const img = page.getByRole('img', { name: 'Morgan Birdie on the first tee' });
  await expect(img).toBeVisible();
  expect(await img.getAttribute('width')).toBe('1400');
  expect(await img.getAttribute('height')).toBe('900');
  const avif = page.locator('picture', { has: img }).locator('source[type="image/avif"]');
  const srcset = (await avif.getAttribute('srcset'))!;
  expect(srcset).toMatch(/\/media\/u\/[a-f0-9]+\/320\.avif 320w, .*\/1280\.avif 1280w, .*\/1400\.avif 1400w$/);
  expect(await avif.getAttribute('sizes')).toBeTruthy();
  const variant = await page.request.get(srcset.split(' ')[0]!);
  expect(variant.status()).toBe(200);
  expect(variant.headers()['content-type']).toBe('image/avif');
  expect(variant.headers()['cache-control']).toContain('immutable');
  // The variant carries no EXIF (a picture's location never leaves the office).
  expect((await sharp(await variant.body()).metadata()).exif).toBeUndefined();
});

test('a volunteer may draft but not publish @desktop', async ({ page }) => {
  test.slow(); // signs a new volunteer in, then tries four editors
  const email = newStaffEmail('volunteer');
  await acceptSetUpLink(page, await staffAdd(email, 'volunteer'), 'Val Volunteer');
  await finishSetUp(page); // two-step sign-in is required of volunteers too
  await page.goto('/admin/events');
  await expect(page.getByRole('link', { name: 'New event' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Publish / })).toHaveCount(0);
  await page.goto('/admin/pages/golfers');
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(page.getByText('An admin publishes drafts.')).toBeVisible();

  // Posting "publish" by hand is refused too.
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const answer = await page.request.post('/admin/pages/golfers', { form: { csrf, intent: 'publish', heading: 'Hijacked' } });
  expect(await answer.text()).toContain('Only an admin can publish');
  await page.goto('/golfers');
  await expect(page.getByRole('heading', { name: 'Hijacked' })).toHaveCount(0);

  // A new event from a volunteer is a draft only.
  await page.goto('/admin/events/new');
  await page.getByRole('link', { name: 'Benefit dinner (steak fry)' }).click();
  await expectNoAxeViolations(page);
  const dinner = `Volunteer dinner ${Date.now().toString(36)}`;
  await page.getByLabel('Name', { exact: true }).fill(dinner);
  await page.getByLabel('Description', { exact: true }).fill('A dinner drafted by a volunteer.');
  await page.getByLabel('Location', { exact: true }).fill('Shadyside, OH');
  await page.getByLabel('Date', { exact: true }).fill(dayFromNow(90));
  await page.getByLabel('Where the money goes').fill('Scholarships');
  await page.getByRole('button', { name: 'Save as a draft' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.goto('/admin/events');
  await expect(page.getByText(dinner)).toBeVisible();
  await page.goto('/events');
  await expect(page.getByText(dinner)).toHaveCount(0);
});

/** Every editor of the back office, by address: the pages come from the schemas, never from the sample content. */
const EDITORS = [
  '/admin/events',
  '/admin/events/new',
  '/admin/events/new?type=Golf%20Event',
  '/admin/events/new?type=Gaming%20Event',
  '/admin/events/new?type=Benefit%20Event',
  '/admin/announcements',
  '/admin/pages',
  ...pageKeys.map((page) => `/admin/pages/${page}`),
  '/admin/media',
];

for (const path of EDITORS) {
  adminTest(`${path} has no axe violations at this width`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing wider than the screen: a phone never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  });
}

adminTest('an existing event’s editor, with its errors shown, has no axe violations at this width', async ({ page }) => {
  const eventNumber = await ownGolfOuting(`Axe Open ${Date.now().toString(36)}`);
  await page.goto(`/admin/events/${eventNumber}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit event ${eventNumber}` })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('');
  await page.getByLabel('Team fee ($)').fill('four hundred');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Team fee ($)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
});

adminTest('the announcement editor works from the keyboard alone @desktop', async ({ page }) => {
  await page.goto('/admin/announcements');
  const heading = page.getByLabel('Heading', { exact: true });
  // Tab from the top of the page reaches the form's first field, then every control in order.
  await page.keyboard.press('Tab');
  for (let presses = 0; presses < 150 && !(await heading.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press('Tab');
  await expect(heading).toBeFocused();
  await page.keyboard.type(`Keyboard news ${Date.now().toString(36)}`);
  const order = ['Date and place line', 'Link (a page such as /events/4, or https://…)', 'Link text', 'Picture', 'Alt text (describes the picture)', 'Show from (Eastern time)'];
  for (const label of order) {
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(label, { exact: true })).toBeFocused();
  }
  // Enter in a text field submits; what is missing is named beside its field.
  await page.getByLabel('Link text', { exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('The date and place line is required.')).toBeVisible();
  await expect(page.getByLabel('Date and place line')).toHaveAttribute('aria-invalid', 'true');
  // What was typed is kept.
  await expect(page.getByLabel('Heading', { exact: true })).toHaveValue(/^Keyboard news /);
});

adminTest('list items move from the keyboard @desktop', async ({ page }) => {
  await page.goto('/admin/pages/staff');
  const first = page.getByRole('group', { name: 'Staff member 1', exact: true });
  const name = await first.getByLabel('Name', { exact: true }).inputValue();
  await page.getByRole('button', { name: 'Move Staff member 1 down' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('List changed. Save a draft or publish to keep it.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Staff member 2', exact: true }).getByLabel('Name', { exact: true })).toHaveValue(name);
});
