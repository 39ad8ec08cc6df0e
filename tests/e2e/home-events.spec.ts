import type { Page } from '@playwright/test';
import { FIXTURE_ANCHOR_DATE } from '../fixtures/fixture-content';
import { newAccount, registerViaApi } from './accounts';
import { content, EVENTS } from './content';
import { startEmptySite } from './empty-site';
import { expect, holdScripts, hydrate, isPhone, test } from './fixtures';

const { golf, gaming, benefit, pastGolf, pastBenefit } = EVENTS;
/** In the fixture, events dated before the anchor are past ones; the rest are upcoming. */
const upcoming = content.events.filter((e) => e.active && e.eventDate >= FIXTURE_ANCHOR_DATE).sort((a, b) => a.eventDate.localeCompare(b.eventDate));

const containerTransform = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).locator('.flex.touch-pan-y').evaluate((el) => getComputedStyle(el).transform);

test.describe('Home', () => {
  test('hero carousel autoplays every 3 s, can be paused, and moves by button and keyboard', async ({ page }) => {
    // The page's clock stands still unless the test moves it: every wait below is exact.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/');
    await hydrate(page);
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('group')).toHaveCount(content.home.hero.length);
    await expect(hero.getByRole('button', { name: 'Pause Highlights' })).toBeVisible(); // autoplay has started
    const start = await containerTransform(page, 'Highlights');
    await page.clock.runFor(2_500);
    expect(await containerTransform(page, 'Highlights')).toBe(start); // not before 3 s
    await page.clock.runFor(1_500); // the move at 3 s and its animation
    const moved = await containerTransform(page, 'Highlights');
    expect(moved).not.toBe(start);

    await hero.getByRole('button', { name: 'Pause Highlights' }).click();
    await expect(hero.getByRole('button', { name: 'Play Highlights' })).toBeVisible();
    await page.clock.runFor(1_000); // let a move that was under way settle
    const paused = await containerTransform(page, 'Highlights');
    await page.clock.runFor(10_000); // three autoplay periods and more
    expect(await containerTransform(page, 'Highlights')).toBe(paused);

    await hero.getByRole('button', { name: 'Next (Highlights)' }).focus();
    await page.keyboard.press('Enter');
    await page.clock.runFor(1_000);
    expect(await containerTransform(page, 'Highlights')).not.toBe(paused);
  });

  test('before Embla runs the slides scroll and snap natively, and once it runs it carries on from the slide showing', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/', { waitUntil: 'commit' });
    const viewport = page.getByRole('region', { name: 'Highlights', exact: true }).locator('.flex.touch-pan-y').locator('..');
    await expect(viewport).toHaveCSS('scroll-snap-type', 'x mandatory');
    const width = await viewport.evaluate((el) => el.clientWidth);
    // A swipe (a scroll of the strip) lands on the second slide.
    await viewport.evaluate((el, w) => el.scrollTo({ left: w * 0.7 }), width);
    await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBe(width);
    release();
    await hydrate(page);
    await expect(page.getByRole('region', { name: 'Highlights', exact: true }).getByRole('button', { name: /^(Pause|Play) Highlights$/ })).toBeVisible();
    // Embla shows the second slide by transform; the native scroll is undone.
    await expect.poll(() => viewport.evaluate((el) => el.scrollLeft)).toBe(0);
    await expect.poll(() => containerTransform(page, 'Highlights')).toMatch(new RegExp(`^matrix\\(1, 0, 0, 1, -${width}(\\.\\d+)?, 0\\)$`));
    // The sponsors' dots come with Embla and follow the slides.
    const dots = page.getByRole('region', { name: 'Our sponsors', exact: true }).getByRole('button', { name: /^Go to slide /, includeHidden: true });
    await expect(dots).toHaveCount(content.home.sponsors.length);
    await expect(dots.and(page.locator('[aria-current="true"]'))).toHaveCount(1);
  });

  test('carousels do not move on their own for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/');
    await hydrate(page);
    await expect(page.getByRole('button', { name: 'Play Highlights' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Our sponsors' })).toBeVisible();
    const start = await containerTransform(page, 'Highlights');
    await page.clock.runFor(7_000);
    expect(await containerTransform(page, 'Highlights')).toBe(start);
  });

  test('mission, cause, upcoming events, announcements, sponsors and the stay-in-the-loop link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: content.home.mission.heading })).toBeVisible();
    await expect(page.getByText(content.home.mission.text)).toBeVisible();
    await expect(page.getByRole('heading', { name: content.home.cause.heading })).toBeVisible();

    // The fixture's upcoming events, soonest first: one of each kind, only the golf outing showing its sponsor.
    const section = page.getByRole('region', { name: 'Upcoming Events' });
    const cards = section.getByRole('article');
    await expect(cards).toHaveCount(upcoming.length);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(upcoming.map((e) => e.eventType));
    await expect(section.getByRole('link', { name: /^Details/ })).toHaveCount(upcoming.length);
    await expect(section.getByRole('link', { name: `Details: ${golf.name}` })).toHaveAttribute('href', `/events/${golf.eventNumber}`);
    const sponsorLink = section.getByRole('link', { name: golf.sponsor!.name });
    await expect(sponsorLink).toHaveAttribute('href', golf.sponsor!.href);
    await expect(sponsorLink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(section.getByText('Sponsored by')).toHaveCount(upcoming.filter((e) => e.show_sponsor).length);

    const announcements = page.getByRole('region', { name: 'Announcements' });
    await expect(announcements.getByRole('heading', { level: 3 })).toHaveText(content.home.announcements.map((a) => a.heading));
    // Each link says what staff wrote, "More info" when they wrote nothing, and names its announcement.
    const more = announcements.getByRole('listitem').getByRole('link');
    await expect(more).toHaveCount(content.home.announcements.length);
    for (const [i, a] of content.home.announcements.entries()) {
      await expect(more.nth(i)).toHaveAttribute('href', a.link.href);
      await expect(more.nth(i)).toHaveText(`${a.link.label.trim() || 'More info'}: ${a.heading}`);
    }

    const sponsors = page.getByRole('region', { name: 'Our sponsors', exact: true });
    const logos = sponsors.getByRole('link', { name: /opens in a new tab/ });
    await expect(logos).toHaveCount(content.home.sponsors.length);
    for (const link of await logos.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const stay = page.getByRole('link', { name: 'Click here to stay in the loop!' });
    await expect(stay).toHaveAttribute('href', '/register');
  });

  test('sponsors: three centred slides on desktop, one below 600 px; dots at 1024 px and below', async ({ page }) => {
    await page.goto('/');
    const sponsors = page.getByRole('region', { name: 'Our sponsors', exact: true });
    const first = sponsors.getByRole('group').first();
    const regionWidth = (await sponsors.boundingBox())!.width;
    const slideWidth = (await first.boundingBox())!.width;
    const dots = sponsors.getByRole('button', { name: /^Go to slide/ });
    if (isPhone(page)) {
      expect(slideWidth / regionWidth).toBeGreaterThan(0.95);
      await expect(dots.first()).toBeVisible();
    } else {
      expect(slideWidth / regionWidth).toBeCloseTo(1 / 3, 1);
      await expect(dots.first()).toBeHidden();
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect(dots.first()).toBeVisible();
    }
  });
});

test.describe('Events', () => {
  test('index: header, every event newest first, each with Details', async ({ page }) => {
    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    const newestFirst = [...content.events].sort((a, b) => b.eventNumber - a.eventNumber);
    const details = page.getByRole('link', { name: /^Details/ });
    await expect(details).toHaveCount(newestFirst.length);
    const hrefs = await details.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(newestFirst.map((e) => `/events/${e.eventNumber}`));
    // Events already held say so (in the fixture, those dated before its anchor day).
    const cards = page.getByRole('main').getByRole('article');
    const past = await cards.evaluateAll((articles) => articles.map((a) => a.textContent?.includes('Past event') ?? false));
    expect(past).toEqual(newestFirst.map((e) => e.eventDate < FIXTURE_ANCHOR_DATE));
    expect(past).toContain(true);
    expect(past).toContain(false);
  });

  test('detail: Back, stats, accommodations, proceeds, sponsor and the golf partnership flyer', async ({ page, request }) => {
    await page.goto(`/events/${golf.eventNumber}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Golf Event' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/events');
    const stats = page.getByRole('region', { name: 'Prices and details' });
    await expect(stats.getByText('$400.00')).toBeVisible();
    for (const stat of golf.stats) await expect(stats).toContainText(stat.text);
    await expect(page.getByRole('region', { name: "What's included" }).getByRole('listitem')).toHaveText(golf.accomodations.map((a) => a.text));
    await expect(page.getByRole('region', { name: 'Where the money goes' })).toContainText(golf.proceeds);
    const sponsor = page.getByRole('region', { name: 'Sponsored by' }).getByRole('link');
    await expect(sponsor).toHaveAttribute('href', golf.sponsor!.href);
    await expect(sponsor).toHaveAttribute('rel', 'noopener noreferrer');
    const flyer = page.getByRole('complementary', { name: 'Partnership flyer' });
    const download = flyer.getByRole('link', { name: 'Download the flyer' });
    await expect(download).toHaveAttribute('href', golf.partnership_flyer!);
    const file = await request.get(golf.partnership_flyer!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/image\/svg\+xml/);
  });

  test('gaming events show the rules flyer and benefit events the partnership flyer; no sponsor unless shown', async ({ page }) => {
    await page.goto(`/events/${gaming.eventNumber}`);
    await expect(page.getByRole('complementary', { name: 'Tournament rules flyer' }).getByRole('link', { name: 'Download the flyer' })).toHaveAttribute(
      'href',
      gaming.rules_flyer!,
    );
    await page.goto(`/events/${benefit.eventNumber}`);
    await expect(page.getByRole('complementary', { name: 'Partnership flyer' }).getByRole('link', { name: 'Download the flyer' })).toHaveAttribute(
      'href',
      benefit.partnership_flyer!,
    );
    expect(pastGolf.sponsor).not.toBeNull(); // a sponsor on file, but show_sponsor is off
    expect(pastGolf.show_sponsor).toBe(false);
    await page.goto(`/events/${pastGolf.eventNumber}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Golf Event' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Sponsored by' })).toHaveCount(0);
  });

  test('an inactive event shows a disabled "Sign up closed"', async ({ page }) => {
    expect(pastBenefit.active).toBe(false);
    await page.goto(`/events/${pastBenefit.eventNumber}`);
    await expect(page.getByRole('button', { name: 'Sign up closed' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toHaveCount(0);
  });

  test('pressing Sign up while signed out shows the login prompt, which logs in and comes back; signed in, no prompt', async ({ page }) => {
    const account = newAccount('prompt');
    await registerViaApi(page, account);
    await page.goto(`/events/${golf.eventNumber}`);
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const prompt = page.getByRole('link', { name: 'Click here to login or signup.' });
    await expect(prompt).toHaveAttribute('href', `/login?from=${encodeURIComponent(`/events/${golf.eventNumber}`)}`);
    await prompt.click();
    await expect(page).toHaveURL(/\/login\?from=/);
    await expect(page.getByRole('heading', { name: 'Log in to your profile' })).toBeVisible();
    await page.getByRole('main').getByLabel('Email').fill(account.email);
    await page.getByRole('main').getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    // Back where the visitor was going.
    await expect(page).toHaveURL(new RegExp(`/events/${golf.eventNumber}$`));
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Click here to login or signup.' })).toHaveCount(0);
  });

  test('an unknown event number says so with status 404', async ({ page, pageErrors }) => {
    const response = await page.goto('/events/999');
    expect(response?.status()).toBe(404);
    pageErrors.length = 0; // Chromium logs the document's 404 status
    await expect(page.getByRole('heading', { name: "Event 999 doesn't exist." })).toBeVisible();
  });
});

test.describe('empty states', () => {
  test('with no events: "None scheduled, stay tuned" on Home and "No events in database." on Events', async ({ page }) => {
    const empty = await startEmptySite();
    try {
      await page.goto(`${empty.url}/`);
      await expect(page.getByText('None scheduled, stay tuned')).toBeVisible();
      await page.goto(`${empty.url}/events`);
      await expect(page.getByText('No events in database.')).toBeVisible();
    } finally {
      await empty.stop();
    }
  });
});
