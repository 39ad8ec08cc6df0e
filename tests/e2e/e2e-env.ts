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
/** The e2e server's data folder and database, so a test can run `npm run staff:add` against it. */
export const E2E_DATA_DIR = path.join(tmpdir(), `foundation-e2e-data-${E2E_PORT}`);
export const E2E_DATABASE = path.join(E2E_DATA_DIR, 'site.sqlite');
