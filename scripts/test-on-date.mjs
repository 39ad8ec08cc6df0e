#!/usr/bin/env node
// Runs an npm script as if today were another day, to show the tests do not depend on the date:
//
//   npm run test:on-date -- 2027-06-30                     every test (npm test) on June 30, 2027
//   npm run test:on-date -- 2027-06-30 test:unit           one npm script
//   npm run test:on-date -- 2027-06-30 test:e2e -- tests/e2e/signups.spec.ts   with its arguments
//
// How: Debian's libfaketime (package faketime, installed on demand with apt-get as root or through
// `sudo -n`, like scripts/ensure-chromium.mjs) is preloaded into every process the script starts
// (LD_PRELOAD), so Node, the servers it spawns, PostgreSQL and Chromium all read the same clock:
//   FAKETIME="@2027-06-30 12:00:00"  start there (noon UTC: the same calendar day in New York) and
//                                    let the clock run on from it;
//   FAKETIME_DONT_RESET=1            child processes continue the parent's fake clock instead of
//                                    starting again at 12:00:00, so a server and its client agree;
//   FAKETIME_NO_CACHE=1              every call reads the fake clock afresh (libfaketime otherwise
//                                    caches its settings for up to 10 s).
// The monotonic clock is faked too, on purpose: with FAKETIME_DONT_FAKE_MONOTONIC=1 Chromium takes
// ~25 s to start and its page timers never fire (every e2e test times out); with both clocks faked
// Node's timers, PostgreSQL and Chromium all work.
// Harness code that starts a server with a bare environment passes LD_PRELOAD and FAKETIME* on
// (tests/helpers/clock-env.ts), or that server would run on the real date.
// One limit: file times come from the kernel's real clock, so code that compares a file's mtime
// with Date.now() sees every new file as months old (or from the future) under a fake date.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [date, script = 'test', ...rest] = process.argv.slice(2);
if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`))) {
  console.error('usage: npm run test:on-date -- YYYY-MM-DD [npm script, default "test"] [-- its arguments]');
  process.exit(2);
}
const extra = rest[0] === '--' ? rest.slice(1) : rest;

// Debian's package database lists where the package put the library.
const DPKG = 'dpkg';

function libfaketime() {
  const listed = spawnSync(DPKG, ['-L', 'libfaketime'], { encoding: 'utf8' });
  if (listed.status !== 0) return null;
  return listed.stdout.split('\n').find((file) => file.endsWith('/libfaketime.so.1') && existsSync(file)) ?? null;
}

let library = libfaketime();
if (!library) {
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const [bin, argv] = asRoot ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
    console.log(`[test-on-date] ${bin} ${argv.join(' ')}`);
    execFileSync(bin, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  try {
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'faketime']);
  } catch (error) {
    console.error(`[test-on-date] libfaketime is missing and Debian's faketime package could not be installed (needs root or passwordless sudo): ${error.message}`);
    process.exit(1);
  }
  library = libfaketime();
  if (!library) {
    console.error('[test-on-date] faketime installed, but `dpkg -L libfaketime` lists no libfaketime.so.1');
    process.exit(1);
  }
}

const env = {
  ...process.env,
  LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(' '),
  FAKETIME: `@${date} 12:00:00`,
  FAKETIME_DONT_RESET: '1',
  FAKETIME_NO_CACHE: '1',
};

// Say what the processes will see, so a run that did not take the date cannot pass unnoticed.
const seen = spawnSync(process.execPath, ['-e', 'process.stdout.write(new Date().toISOString())'], { env, encoding: 'utf8' }).stdout;
if (!seen.startsWith(date)) {
  console.error(`[test-on-date] under libfaketime Node still reads ${seen || 'nothing'}, not ${date}: ${library}`);
  process.exit(1);
}
console.log(`[test-on-date] npm run ${script}${extra.length > 0 ? ` -- ${extra.join(' ')}` : ''} with the clock at ${seen} (${library})`);

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const child = spawn(npm, ['run', script, ...(extra.length > 0 ? ['--', ...extra] : [])], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
