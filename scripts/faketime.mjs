// Debian's libfaketime (package faketime, installed on demand with apt-get as root or through
// `sudo -n`, like scripts/ensure-chromium.mjs), preloaded to give a process and its children
// another clock. Used by `npm run test:on-date` and by tests that run a server on a fixed date.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

// Debian's package database lists where the package put the library.
const DPKG = 'dpkg';

function installedLibrary() {
  const listed = spawnSync(DPKG, ['-L', 'libfaketime'], { encoding: 'utf8' });
  if (listed.status !== 0) return null;
  return listed.stdout.split('\n').find((file) => file.endsWith('/libfaketime.so.1') && existsSync(file)) ?? null;
}

/** The library's path, installing Debian's faketime first if it is missing; throws if it cannot. */
export function ensureLibfaketime(log = (line) => console.log(line)) {
  const found = installedLibrary();
  if (found) return found;
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const [bin, argv] = asRoot ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
    log(`[faketime] ${bin} ${argv.join(' ')}`);
    execFileSync(bin, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  try {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'faketime']);
  } catch (error) {
    throw new Error(`libfaketime is missing and Debian's faketime package could not be installed (needs root or passwordless sudo): ${error.message}`, { cause: error });
  }
  const installed = installedLibrary();
  if (!installed) throw new Error('faketime installed, but `dpkg -L libfaketime` lists no libfaketime.so.1');
  return installed;
}

/**
 * The environment that starts a process's clock at `start` ("YYYY-MM-DD HH:MM:SS", the process's
 * time zone) and lets it run on:
 *   FAKETIME_DONT_RESET=1  child processes continue the parent's fake clock instead of starting
 *                          again at `start`, so a server and its client agree;
 *   FAKETIME_NO_CACHE=1    every call reads the fake clock afresh (libfaketime otherwise caches its
 *                          settings for up to 10 s).
 * The monotonic clock is faked too, on purpose: with FAKETIME_DONT_FAKE_MONOTONIC=1 Chromium takes
 * ~25 s to start and its page timers never fire; with both clocks faked Node's timers, PostgreSQL
 * and Chromium all work.
 */
export function fakeClockEnv(library, start, preloaded = process.env.LD_PRELOAD) {
  return {
    LD_PRELOAD: [library, preloaded].filter(Boolean).join(' '),
    FAKETIME: `@${start}`,
    FAKETIME_DONT_RESET: '1',
    FAKETIME_NO_CACHE: '1',
  };
}

// `node scripts/faketime.mjs` installs it ahead of the e2e tests, as ensure-chromium.mjs does Chromium.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureLibfaketime();
