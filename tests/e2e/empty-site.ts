import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/** A second copy of the built site on an empty database (nothing seeded): for the empty states. */
export async function startEmptySite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
  const root = path.resolve(import.meta.dirname, '../..');
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/serve-fresh.mjs')], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_ON_EMPTY: 'false', LOG_LEVEL: 'warn' },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
