import { defineConfig } from '@playwright/test';
import { BROWSER_UI_FEATURES_OFF, CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES, withDisabledFeatures } from './scripts/chromium-features';
import {
  E2E_ADMIN_CONTENT_DIR,
  E2E_ADMIN_DATA_DIR,
  E2E_ADMIN_DB,
  E2E_ADMIN_OUTBOX_DIR,
  E2E_ADMIN_PORT,
  E2E_CONTENT_DIR,
  E2E_OUTBOX_DIR,
  E2E_PORT as PORT,
} from './tests/e2e/e2e-env';

/**
 * Debian's Chromium (never a downloaded browser) with the flags this network needs, and without the
 * browser's own address-bar popup page (ADR 040); Playwright's list of features it switches off
 * stays in the one `--disable-features` Chromium keeps.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: withDisabledFeatures(CHROMIUM_FLAGS, [...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES_OFF]),
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Journeys with a payment, a staff sign-in and axe take 20–30 s on a loaded 2-core machine; 45 s
  // keeps them from failing on load alone (retries stay off: a flaky test must be fixed).
  timeout: 45_000,
  // Pages hydrate after the first paint (ADR 042): a loaded machine may take a few seconds more
  // than the default 5 s before the first check of a journey holds.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    // Recording a trace for every test costs CI about a seventh of its browser time, and nobody
    // can open a CI machine's traces; locally a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    // Tests tagged @phone or @desktop belong to one width only.
    { name: 'desktop', grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', grepInvert: /@desktop/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  // Tests send X-Forwarded-For (tests/e2e/fixtures.ts): each is a visitor of its own, as behind a proxy.
  // The sites run on the test fixture's content, its event dates moved to today (FIXTURE_CONTENT),
  // never on the sample content/. The second one is the back office's, on PostgreSQL (tests/e2e/e2e-env.ts).
  webServer: [
    { port: PORT, outboxDir: E2E_OUTBOX_DIR, contentDir: E2E_CONTENT_DIR, dataDir: undefined },
    { port: E2E_ADMIN_PORT, outboxDir: E2E_ADMIN_OUTBOX_DIR, contentDir: E2E_ADMIN_CONTENT_DIR, dataDir: E2E_ADMIN_DATA_DIR, database: E2E_ADMIN_DB },
  ].map(({ port, outboxDir, contentDir, dataDir, database }) => ({
    command: 'node scripts/serve-fresh.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      OUTBOX_DIR: outboxDir,
      CONTENT_DIR: contentDir,
      FIXTURE_CONTENT: '1',
      TRUST_PROXY: 'loopback',
      ...(dataDir ? { FRESH_DATA_DIR: dataDir } : {}),
      ...(database === 'postgres' ? { FRESH_DATABASE: 'postgres' } : {}),
    },
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) lets serve-fresh remove its folders and database when the run ends.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
