import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { PUBLIC_ROUTES } from './routes';

interface PageFacts {
  words: Set<string>;
  images: string[];
  links: string[];
}

/** What a visitor gets from the page's main content: its words, pictures and links. */
async function factsOf(browser: Browser, url: string, javaScriptEnabled: boolean, width: number): Promise<PageFacts> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    // The load event: every picture in view is in, and the words and links are all in the HTML.
    await page.goto(url, { waitUntil: 'load' });
    // With JavaScript, compare with the page as the app renders it once it runs (ADR 028: on the
    // visitor's first interaction).
    if (javaScriptEnabled) {
      await page.keyboard.press('Shift');
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
    }
    const facts = await page.locator('main').evaluate((main) => ({
      // Buttons (carousel controls) only work with JavaScript anyway; scripts are not content, and
      // <noscript> is raw text while scripts run (and shown only when they do not).
      text: (() => {
        const copy = main.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('button, script, noscript').forEach((el) => el.remove());
        return copy.textContent ?? '';
      })(),
      images: [...main.querySelectorAll('img')].map((img) => `${img.getAttribute('src')} | ${img.getAttribute('alt')}`),
      links: [...main.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
    }));
    return { words: new Set(facts.text.split(/\s+/).filter(Boolean)), images: facts.images, links: facts.links };
  } finally {
    await context.close();
  }
}

for (const route of PUBLIC_ROUTES) {
  test(`${route} is complete without JavaScript`, async ({ browser, baseURL, viewport }) => {
    const url = `${baseURL}${route}`;
    const withJs = await factsOf(browser, url, true, viewport!.width);
    const withoutJs = await factsOf(browser, url, false, viewport!.width);
    expect(withoutJs.words.size).toBeGreaterThan(0);
    const missingWords = [...withJs.words].filter((w) => !withoutJs.words.has(w));
    expect(missingWords, 'words only shown with JavaScript').toEqual([]);
    expect(withJs.images.filter((i) => !withoutJs.images.includes(i)), 'pictures only shown with JavaScript').toEqual([]);
    expect(withJs.links.filter((l) => !withoutJs.links.includes(l)), 'links only shown with JavaScript').toEqual([]);
    for (const image of withoutJs.images) expect(image, 'every picture has meaningful alt text').not.toMatch(/\| (null)?$/);
  });
}
