import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { E2E_CONTENT_DIR } from './e2e-env';

const STARTUP_TIMEOUT_MS = 30_000;

/** A second copy of the built site on an empty database (nothing seeded): for the empty states. */
export async function startEmptySite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const root = path.resolve(import.meta.dirname, '../..');
  // Media from the e2e server's content folder, which this copy only reads (no FIXTURE_CONTENT),
  // and mail in its own data folder (no OUTBOX_DIR: serve-fresh would empty that folder).
  const { OUTBOX_DIR: _outbox, FIXTURE_CONTENT: _fixture, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/serve-fresh.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn', CONTENT_DIR: E2E_CONTENT_DIR },
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the empty site exited (${child.exitCode ?? child.signalCode}) before it answered /healthz`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // still starting
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the empty site did not answer ${url}/healthz within ${STARTUP_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
