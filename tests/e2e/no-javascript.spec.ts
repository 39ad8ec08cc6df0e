import type { Page } from '@playwright/test';
import { expect, hydrate, test } from './fixtures';
import { loadsReact, PUBLIC_ROUTES } from './routes';

interface PageFacts {
  words: Set<string>;
  images: string[];
  links: string[];
}

/** What a visitor gets from the page's main content: its words, pictures and links. */
async function factsOf(page: Page, url: string, hydrated: boolean): Promise<PageFacts> {
  // The load event: every picture in view is in, and the words and links are all in the HTML.
  await page.goto(url, { waitUntil: 'load' });
  // With JavaScript, compare with the page as React renders it once it runs (a page that loads it).
  if (hydrated) await hydrate(page);
  const facts = await page.locator('main').evaluate((main) => ({
    // Buttons (carousel controls) only work with JavaScript anyway; scripts are not content,
    // <noscript> is raw text while scripts run (and shown only when they do not), and a closed
    // dialog (the sign-up form, whose card part comes with the script) is not what the page shows.
    text: (() => {
      const copy = main.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('button, script, noscript, dialog').forEach((el) => el.remove());
      return copy.textContent ?? '';
    })(),
    images: [...main.querySelectorAll('img')].map((img) => `${img.getAttribute('src')} | ${img.getAttribute('alt')}`),
    links: [...main.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
  }));
  return { words: new Set(facts.text.split(/\s+/).filter(Boolean)), images: facts.images, links: facts.links };
}

for (const route of PUBLIC_ROUTES) {
  // With JavaScript in the test's own page, so its console is checked too (fixtures.ts).
  test(`${route} is complete without JavaScript`, async ({ page, browser, baseURL, viewport }) => {
    const url = `${baseURL}${route}`;
    const withJs = await factsOf(page, url, loadsReact(route));
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const withoutJs = await factsOf(await context.newPage(), url, false).finally(() => context.close());
    expect(withoutJs.words.size).toBeGreaterThan(0);
    const missingWords = [...withJs.words].filter((w) => !withoutJs.words.has(w));
    expect(missingWords, 'words only shown with JavaScript').toEqual([]);
    expect(withJs.images.filter((i) => !withoutJs.images.includes(i)), 'pictures only shown with JavaScript').toEqual([]);
    expect(withJs.links.filter((l) => !withoutJs.links.includes(l)), 'links only shown with JavaScript').toEqual([]);
    for (const image of withoutJs.images) expect(image, 'every picture has meaningful alt text').not.toMatch(/\| (null)?$/);
  });
}
