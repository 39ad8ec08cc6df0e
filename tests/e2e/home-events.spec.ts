import type { Page } from '@playwright/test';
import { startEmptySite } from './empty-site';
import { expect, fakeToken, isPhone, test } from './fixtures';

const containerTransform = (page: Page, label: string) =>
  page.getByRole('region', { name: label, exact: true }).locator('.flex.touch-pan-y').evaluate((el) => getComputedStyle(el).transform);

test.describe('Home', () => {
  test('hero carousel autoplays every 3 s, can be paused, and moves by button and keyboard', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getByRole('group')).toHaveCount(4);
    await expect(hero.getByRole('button', { name: 'Pause Highlights' })).toBeVisible();
    const start = await containerTransform(page, 'Highlights');
    await expect.poll(() => containerTransform(page, 'Highlights'), { timeout: 4_500, intervals: [250] }).not.toBe(start);

    await hero.getByRole('button', { name: 'Pause Highlights' }).click();
    await expect(hero.getByRole('button', { name: 'Play Highlights' })).toBeVisible();
    await page.waitForTimeout(1_500); // let a move that was under way settle
    const paused = await containerTransform(page, 'Highlights');
    await page.waitForTimeout(3_500);
    expect(await containerTransform(page, 'Highlights')).toBe(paused);

    await hero.getByRole('button', { name: 'Next (Highlights)' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => containerTransform(page, 'Highlights')).not.toBe(paused);
  });

  test('carousels do not move on their own for visitors who ask for reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Play Highlights' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Our sponsors' })).toBeVisible();
  });

  test('mission, cause, upcoming events, announcements, sponsors and the stay-in-the-loop link', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Mission Statement' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Cause' })).toBeVisible();

    const upcoming = page.getByRole('region', { name: 'Upcoming Events' });
    const cards = upcoming.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Gaming Event', 'Benefit Event', 'Golf Event']);
    await expect(upcoming.getByRole('link', { name: /^Details/ })).toHaveCount(3);
    await expect(upcoming.getByRole('link', { name: 'Details: 10th Annual Rowan Hale Memorial Golf Outing' })).toHaveAttribute('href', '/events/6');
    const sponsorLink = upcoming.getByRole('link', { name: 'Meridian River Energy' });
    await expect(sponsorLink).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(upcoming.getByText('Sponsored by')).toHaveCount(1);

    const announcements = page.getByRole('region', { name: 'Announcements' });
    await expect(announcements.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(announcements.getByRole('link', { name: /^More info/ })).toHaveCount(3);

    const sponsors = page.getByRole('region', { name: 'Our sponsors', exact: true });
    const logos = sponsors.getByRole('link', { name: /opens in a new tab/ });
    await expect(logos).toHaveCount(15);
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
    const details = page.getByRole('link', { name: /^Details/ });
    await expect(details).toHaveCount(6);
    const hrefs = await details.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/events/6', '/events/5', '/events/4', '/events/3', '/events/2', '/events/1']);
    // Events already held say so (the sample's 1–3 are in the past, 4–6 ahead).
    const cards = page.getByRole('main').getByRole('article');
    const past = await cards.evaluateAll((articles) => articles.map((a) => a.textContent?.includes('Past event') ?? false));
    expect(past).toEqual([false, false, false, true, true, true]);
  });

  test('detail: Back, stats, accommodations, proceeds, sponsor and the golf partnership flyer', async ({ page, request }) => {
    await page.goto('/events/6');
    await expect(page.getByRole('heading', { level: 1, name: 'Golf Event' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/events');
    const stats = page.getByRole('region', { name: 'Prices and details' });
    await expect(stats.getByText('$400.00')).toBeVisible();
    await expect(page.getByRole('region', { name: "What's included" }).getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('region', { name: 'Where the money goes' })).toContainText('Ohio River Colorectal Cancer Alliance');
    const sponsor = page.getByRole('region', { name: 'Sponsored by' }).getByRole('link');
    await expect(sponsor).toHaveAttribute('rel', 'noopener noreferrer');
    const flyer = page.getByRole('complementary', { name: 'Partnership flyer' });
    const download = flyer.getByRole('link', { name: 'Download the flyer' });
    await expect(download).toHaveAttribute('href', '/media/flyers/partnership-golf.svg');
    const file = await request.get('/media/flyers/partnership-golf.svg');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toMatch(/image\/svg\+xml/);
  });

  test('gaming events show the rules flyer and benefit events the partnership flyer; no sponsor unless shown', async ({ page }) => {
    await page.goto('/events/4');
    await expect(page.getByRole('complementary', { name: 'Tournament rules flyer' }).getByRole('link', { name: 'Download the flyer' })).toHaveAttribute(
      'href',
      '/media/flyers/gaming-rules.svg',
    );
    await page.goto('/events/5');
    await expect(page.getByRole('complementary', { name: 'Partnership flyer' }).getByRole('link', { name: 'Download the flyer' })).toHaveAttribute(
      'href',
      '/media/flyers/partnership-benefit.svg',
    );
    await page.goto('/events/2'); // has a sponsor on file, but show_sponsor is off
    await expect(page.getByRole('region', { name: 'Sponsored by' })).toHaveCount(0);
  });

  test('an inactive event shows a disabled "Sign up closed"', async ({ page }) => {
    await page.goto('/events/3');
    await expect(page.getByRole('button', { name: 'Sign up closed' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toHaveCount(0);
  });

  test('pressing Sign up while signed out shows the login prompt; signed in, no prompt', async ({ page }) => {
    await page.goto('/events/6');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    const prompt = page.getByRole('link', { name: 'Click here to login or signup.' });
    await expect(prompt).toHaveAttribute('href', '/login');
    await prompt.click();
    await expect(page).toHaveURL(/\/login$/);

    await page.evaluate((token) => localStorage.setItem('jwtToken', token), fakeToken({ id: 1, exp: Math.floor(Date.now() / 1000) + 3600 }));
    await page.goto('/events/6');
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
