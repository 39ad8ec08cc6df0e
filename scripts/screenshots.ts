/**
 * Screenshots of pages at desktop (1280 px) and phone (390 px) widths, for people to look at:
 * `npx tsx scripts/screenshots.ts [/path ...]` writes screenshots/<width>-<name>.png. Back-office
 * paths (/admin/…) are taken signed in as a new admin (set up through a set-up link, as in real use).
 * `/path!Button name` clicks that button once the page is loaded and takes the page it leads to, e.g.
 * `'/admin/media!Upload'` for the error of an empty upload or `'/admin/pages/staff!Save draft'`.
 */
import { chromium, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import { loadConfig } from '../server/config';
import { issueSetUpLink } from '../server/domain/staff/staff-management';
import { startServer } from '../server/server';
import { buildIfNeeded } from './build-if-needed.mjs';

const paths = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/no-such-page'];
const outDir = path.resolve('screenshots');
mkdirSync(outDir, { recursive: true });

await buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-shots-'));
const server = await startServer(
  loadConfig({ DATA_DIR: dataDir, DATABASE_URL: path.join(dataDir, 'db.sqlite'), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' }),
  { pages: 'build' },
);
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const PASSWORD = 'screenshots-only-password';

/** A fresh admin signed in on this page: set-up link, password, authenticator. */
async function signInAsNewAdmin(page: Page): Promise<void> {
  const { token } = await issueSetUpLink(server.db, { email: `screenshots.${Date.now()}@example.org`, role: 'admin' });
  await page.goto(`${server.url}/admin/invite/${token}`);
  await page.getByLabel('Your name').fill('Screenshot Admin');
  await page.getByLabel('Choose a password').fill(PASSWORD);
  await page.getByLabel('Type it again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('Code from your app').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
}

try {
  for (const width of [1280, 390]) {
    const page = await browser.newPage({ viewport: { width, height: width > 768 ? 900 : 844 }, isMobile: width <= 768 });
    if (paths.some((p) => p.startsWith('/admin') && !p.startsWith('/admin/login') && !p.startsWith('/admin/invite'))) await signInAsNewAdmin(page);
    for (const arg of paths) {
      const [urlPath = '/', click] = arg.split('!');
      await page.goto(`${server.url}${urlPath}`, { waitUntil: 'networkidle' });
      if (click) {
        const posted = page.waitForResponse((response) => response.request().method() === 'POST');
        await page.getByRole('button', { name: click, exact: true }).first().click();
        await posted;
        await page.waitForLoadState('networkidle');
      }
      // Scroll through once so lazy images below the fold load before the picture is taken.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const name = (urlPath === '/' ? 'home' : urlPath.replace(/^\//, '')).concat(click ? `-after-${click}` : '').replace(/[^a-z0-9]+/gi, '-');
      const file = path.join(outDir, `${width}-${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      // Tall phone pages are also cut into screen-high parts that are readable at a glance.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      if (width <= 768) {
        for (let part = 0, y = 0; y < height; part += 1, y += 1200) {
          const clip = { x: 0, y, width, height: Math.min(1200, height - y) };
          await page.screenshot({ path: file.replace(/\.png$/, `.part${part + 1}.png`), fullPage: true, clip });
        }
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
}
