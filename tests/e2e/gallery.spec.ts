import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { content, escapeRegExp } from './content';
import { expect, test } from './fixtures';

/** The fixture's albums (tests/fixtures/content/gallery.json), each with its number of photos. */
const { gallery } = content;
const ALBUMS = gallery.galleries.map((album) => ({ ...album, count: album.photos.length }));
const BIG = ALBUMS.reduce((a, b) => (b.count > a.count ? b : a));
const SMALL = ALBUMS.reduce((a, b) => (b.count < a.count ? b : a));

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const violations = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
  results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** The grid of an album's thumbnails. */
const photoGrid = (page: Page) => page.getByRole('main').getByRole('list').filter({ has: page.getByRole('link', { name: /^Open photo 1 of / }) });

async function openAlbum(page: Page, token: string) {
  // An album's page loads no script: its lightbox is HTML and CSS, with a few inline lines for the keys.
  await page.goto(`/gallery/${token}`);
  await expect(photoGrid(page)).toBeVisible();
}

const thumbnail = (page: Page, n: number, total: number) => page.getByRole('link', { name: new RegExp(`^Open photo ${n} of ${total}: `) });

test('the index lists every album, each linking to its album @phone', async ({ page }) => {
  await page.goto('/gallery');
  await expect(page.getByRole('heading', { level: 1, name: gallery.heading })).toBeVisible();
  await expect(page.getByText(gallery.intro)).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${escapeRegExp(gallery.intro.slice(0, 40))}`));
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(ALBUMS.length);
  for (const [i, a] of ALBUMS.entries()) {
    const card = cards.nth(i);
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(a.title);
    await expect(card).toContainText(String(a.year));
    await expect(card).toContainText(a.location);
    await expect(card).toContainText(`${a.count} photos`);
    await expect(card.locator('time')).toHaveAttribute('datetime', a.date);
    await expect(card.getByRole('img', { name: a.cover.alt })).toBeVisible();
    await expect(card.getByRole('link', { name: a.title })).toHaveAttribute('href', `/gallery/${a.token}`);
  }
  for (const alt of await page.locator('main img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt') ?? ''))) {
    expect(alt.trim()).not.toBe('');
  }
  await cards.nth(1).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${ALBUMS[1]?.token}$`));
  await expect(page.getByRole('heading', { level: 1, name: ALBUMS[1]?.title })).toBeVisible();
});

for (const a of ALBUMS) {
  test(`the ${a.year} album shows its ${a.count} photos, each with alt text and a stable size @phone`, async ({ page }) => {
    const response = await page.goto(`/gallery/${a.token}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(`${a.count} photos`);
    await expect(main).toContainText(a.location);
    await expect(main.locator('time').first()).toHaveAttribute('datetime', a.date);
    await expect(page).toHaveTitle(new RegExp(`^${a.title} \\|`));

    const links = main.getByRole('link', { name: /^Open photo \d+ of \d+: / });
    await expect(links).toHaveCount(a.count);
    const photos = await photoGrid(page)
      .locator('img')
      .evaluateAll((imgs) =>
        imgs.map((img) => ({
          alt: img.getAttribute('alt') ?? '',
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          loading: img.getAttribute('loading'),
        })),
      );
    expect(photos).toHaveLength(a.count);
    photos.forEach((photo, i) => {
      expect(photo.alt.trim(), `alt of photo ${i + 1}`).not.toBe('');
      expect(photo.alt).toBe(a.photos[i]?.alt);
      expect(Number(photo.width)).toBeGreaterThan(0);
      expect(Number(photo.height)).toBeGreaterThan(0);
    });
    // The last photos are far below the fold: they wait until the visitor scrolls near them.
    expect(photos.at(-1)?.loading).toBe('lazy');
    await expect(thumbnail(page, 3, a.count)).toHaveAccessibleName(`Open photo 3 of ${a.count}: ${a.photos[2]?.alt}`);

    await main.getByRole('link', { name: 'Back to the gallery' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(page.getByRole('heading', { level: 1, name: gallery.heading })).toBeVisible();
  });
}

/** The photo the lightbox shows: a group named "Photo n of total", described by its caption. */
const shown = (page: Page, n: number, total: number) => page.getByRole('group', { name: `Photo ${n} of ${total}`, exact: true });

test('the lightbox opens on a photo, moves with its links and the arrow keys, and closes back to its thumbnail', async ({ page }) => {
  const total = BIG.count;
  const caption = (n: number) => BIG.photos[n - 1]!.alt;
  await openAlbum(page, BIG.token);

  await thumbnail(page, 1, total).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${BIG.token}#photo-1$`));
  let photo = shown(page, 1, total);
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAccessibleDescription(caption(1));
  await expect(photo.getByText(caption(1), { exact: true })).toBeVisible();
  const image = photo.getByRole('img', { name: caption(1) });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', BIG.photos[0]!.src);
  // The photo fits the window, and the page behind does not scroll.
  const box = await image.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.height).toBeLessThanOrEqual(viewport.height * 0.85);
  expect(box!.width).toBeLessThanOrEqual(viewport.width);
  await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
  // Focus goes into the photo shown (its Close link), so Tab and a screen reader start there.
  await expect(photo.getByRole('link', { name: 'Close' })).toBeFocused();

  // Links and keys both move; they wrap around at the ends.
  const at = async (n: number) => {
    photo = shown(page, n, total);
    await expect(photo).toBeInViewport();
    await expect(photo.getByRole('img', { name: caption(n) })).toHaveAttribute('src', BIG.photos[n - 1]!.src);
    await expect(photo.getByRole('link', { name: 'Close' })).toBeFocused();
  };
  await page.keyboard.press('ArrowRight');
  await at(2);
  await photo.getByRole('link', { name: 'Next photo' }).click();
  await at(3);
  await page.keyboard.press('ArrowLeft');
  await at(2);
  await photo.getByRole('link', { name: 'Previous photo' }).click();
  await at(1);
  await photo.getByRole('link', { name: 'Previous photo' }).click();
  await at(total);
  await page.keyboard.press('ArrowRight');
  await at(1);
  await page.keyboard.press('ArrowLeft');
  await at(total);

  // Escape closes; focus goes back to the thumbnail of the photo shown.
  await page.keyboard.press('Escape');
  await expect(shown(page, total, total)).toBeHidden();
  await expect(thumbnail(page, total, total)).toBeFocused();

  // By keyboard from another photo, closed with the Close link.
  await thumbnail(page, 5, total).focus();
  await page.keyboard.press('Enter');
  await at(5);
  await page.keyboard.press('ArrowRight');
  await at(6);
  await photo.getByRole('link', { name: 'Close' }).click();
  await expect(shown(page, 6, total)).toBeHidden();
  await expect(thumbnail(page, 6, total)).toBeFocused();
  await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
});

test('the last photo of the smallest album wraps to the first @phone', async ({ page }) => {
  const small = SMALL;
  await openAlbum(page, small.token);
  await thumbnail(page, small.count, small.count).click();
  const photo = shown(page, small.count, small.count);
  await expect(photo).toBeVisible();
  await photo.getByRole('link', { name: 'Next photo' }).click();
  await expect(shown(page, 1, small.count)).toBeInViewport();
  await expect(shown(page, 1, small.count).getByRole('img')).toHaveAttribute('alt', small.photos[0]!.alt);
});

test('a swipe moves the lightbox to the next photo @phone', async ({ page }) => {
  await openAlbum(page, BIG.token);
  await thumbnail(page, 2, BIG.count).click();
  await expect(shown(page, 2, BIG.count)).toBeInViewport();
  // The strip scrolls and snaps natively (a finger's swipe is a scroll of it).
  await page.locator('.lightbox-strip').evaluate((strip) => strip.scrollBy({ left: strip.clientWidth * 0.6 }));
  await expect(shown(page, 3, BIG.count)).toBeInViewport({ ratio: 0.99 });
});

test('an unknown album token is the not-found screen with status 404 @phone', async ({ page, pageErrors }) => {
  const response = await page.goto('/gallery/zz9zz9zz9');
  expect(response?.status()).toBe(404);
  // Chromium logs the document's own 404 status; that one is expected here, nothing else is.
  expect(pageErrors).toEqual([`console: Failed to load resource: the server responded with a status of 404 (Not Found) (${page.url()})`]);
  pageErrors.length = 0;
  await expect(page.getByRole('heading', { name: '404 - Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every photo of an album is in the page, and the lightbox works as HTML and CSS @phone', async ({ page }) => {
    const a = ALBUMS[1]!;
    await page.goto(`/gallery/${a.token}`);
    await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
    const links = page.getByRole('main').getByRole('link', { name: /^Open photo \d+ of \d+: / });
    await expect(links).toHaveCount(a.count);
    for (const [i, photo] of a.photos.entries()) {
      await expect(links.nth(i)).toHaveAttribute('href', `#photo-${i + 1}`);
      await expect(links.nth(i).getByRole('img', { name: photo.alt })).toHaveAttribute('src', photo.src);
    }
    await links.nth(1).click();
    await expect(shown(page, 2, a.count).getByRole('img', { name: a.photos[1]!.alt })).toBeVisible();
    await shown(page, 2, a.count).getByRole('link', { name: 'Next photo' }).click();
    await expect(shown(page, 3, a.count).getByRole('img', { name: a.photos[2]!.alt })).toBeInViewport();
    await shown(page, 3, a.count).getByRole('link', { name: 'Close' }).click();
    await expect(shown(page, 3, a.count)).toBeHidden();
    // Each photo the lightbox shows is the full-size picture.
    for (const photo of a.photos) {
      const file = await page.request.get(photo.src);
      expect(file.status(), photo.src).toBe(200);
      expect(file.headers()['content-type']).toMatch(/^image\//);
    }
  });
});

test.describe('accessibility (axe, WCAG 2.1 AA)', () => {
  test('the gallery index has no violations', async ({ page }) => {
    await page.goto('/gallery');
    expect(violations(await new AxeBuilder({ page }).withTags(WCAG).analyze())).toEqual([]);
  });

  test('an album and its open lightbox have no violations', async ({ page }) => {
    await openAlbum(page, BIG.token);
    expect(violations(await new AxeBuilder({ page }).withTags(WCAG).analyze())).toEqual([]);
    await thumbnail(page, 3, BIG.count).click();
    await expect(shown(page, 3, BIG.count)).toBeVisible();
    expect(violations(await new AxeBuilder({ page }).include('.lightbox').withTags(WCAG).analyze())).toEqual([]);
  });
});
