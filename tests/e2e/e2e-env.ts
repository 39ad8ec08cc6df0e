import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the e2e server listens and writes its mail; shared by playwright.config.ts and the tests. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4318);
export const E2E_OUTBOX_DIR = path.join(tmpdir(), `foundation-e2e-outbox-${E2E_PORT}`);
/**
 * The e2e server's CONTENT_DIR: the test fixture (tests/fixtures/content) with its event dates
 * moved to today, written by playwright.config.ts before the server starts.
 */
export const E2E_CONTENT_DIR = path.join(tmpdir(), `foundation-e2e-content-${E2E_PORT}`);

/**
 * The back office's tests run against a second server with a database of its own: they run
 * `npm run staff:add` against it and add events of their own, which must not show up in the
 * public pages' tests (those count the fixture's events).
 */
export const E2E_ADMIN_PORT = E2E_PORT + 1;
export const E2E_ADMIN_URL = `http://127.0.0.1:${E2E_ADMIN_PORT}`;
export const E2E_ADMIN_OUTBOX_DIR = path.join(tmpdir(), `foundation-e2e-outbox-${E2E_ADMIN_PORT}`);
export const E2E_ADMIN_CONTENT_DIR = path.join(tmpdir(), `foundation-e2e-content-${E2E_ADMIN_PORT}`);
export const E2E_ADMIN_DATA_DIR = path.join(tmpdir(), `foundation-e2e-data-${E2E_ADMIN_PORT}`);
/**
 * The back office's server runs on PostgreSQL (a throwaway cluster started by serve-fresh.mjs), so
 * the end-to-end tests cover both databases: the public site's on SQLite, the back office's on
 * PostgreSQL. E2E_ADMIN_DB=sqlite runs it on SQLite instead.
 */
export const E2E_ADMIN_DB: 'postgres' | 'sqlite' = process.env.E2E_ADMIN_DB === 'sqlite' ? 'sqlite' : 'postgres';

/** The back-office server's database, as DATABASE_URL spells it (read once the server has started). */
export function e2eAdminDatabaseUrl(): string {
  if (E2E_ADMIN_DB === 'sqlite') return path.join(E2E_ADMIN_DATA_DIR, 'site.sqlite');
  return readFileSync(path.join(E2E_ADMIN_DATA_DIR, 'database-url'), 'utf8').trim();
}

/** Where a journey's screenshots go (inside test-results/, which each run starts afresh), to be looked at. */
export const screenshotDir = (journey: string): string => path.join('test-results', 'screenshots', journey);
