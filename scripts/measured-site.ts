import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadConfig } from '../server/config';
import { type RunningServer, startServer } from '../server/server';
import { freePort } from './free-port';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The production build as deployed, in-process, on a new SQLite database in `dataDir` seeded with
 * the sample content: the site `npm run lighthouse` and `npm run first-interaction` measure. Its
 * CSP adds `upgrade-insecure-requests` and it sends HSTS; neither affects a plain-http run on
 * 127.0.0.1, which Chromium neither upgrades nor holds to HSTS.
 */
export async function startMeasuredSite(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  return startServer(
    loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(36).toString('base64url'), // 48 characters
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_SIMULATED_PAYMENTS: 'true', // no payment keys here: the simulated card form, which pays nothing in these runs
      MAIL_OUTBOX_IN_PRODUCTION: 'true', // nor a mail server; nothing is sent
      DATA_DIR: dataDir,
      DATABASE_URL: path.join(dataDir, 'db.sqlite'),
      CONTENT_DIR: path.join(ROOT, 'content'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    }),
    { pages: 'build' },
  );
}

/** Ctrl-C or a kill runs `cleanUp` before the script exits (130); `interrupted()` says whether it came. */
export function cleanUpOnInterrupt(name: string, cleanUp: () => Promise<void>): { interrupted: () => boolean } {
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n[${name}] ${signal}: stopping Chromium and the server`);
      void cleanUp().finally(() => process.exit(130));
    });
  }
  return { interrupted: () => interrupted };
}
