#!/usr/bin/env node
// Runs an npm script as if today were another day, to show the tests do not depend on the date:
//
//   npm run test:on-date -- 2027-06-30                     every test (npm test) on June 30, 2027
//   npm run test:on-date -- 2027-06-30 test:unit           one npm script
//   npm run test:on-date -- 2027-06-30 test:e2e -- tests/e2e/signups.spec.ts   with its arguments
//
// How: libfaketime (scripts/faketime.mjs) is preloaded into every process the script starts
// (LD_PRELOAD), so Node, the servers it spawns, PostgreSQL and Chromium all read the same clock,
// starting at noon UTC (the same calendar day in New York).
// Harness code that starts a server with a bare environment passes LD_PRELOAD and FAKETIME* on
// (tests/helpers/clock-env.ts), or that server would run on the real date.
// One limit: file times come from the kernel's real clock, so code that compares a file's mtime
// with Date.now() sees every new file as months old (or from the future) under a fake date.
import { spawn, spawnSync } from 'node:child_process';
import { ensureLibfaketime, fakeClockEnv } from './faketime.mjs';

const [date, script = 'test', ...rest] = process.argv.slice(2);
if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`))) {
  console.error('usage: npm run test:on-date -- YYYY-MM-DD [npm script, default "test"] [-- its arguments]');
  process.exit(2);
}
const extra = rest[0] === '--' ? rest.slice(1) : rest;

let library;
try {
  library = ensureLibfaketime((line) => console.log(line.replace('[faketime]', '[test-on-date]')));
} catch (error) {
  console.error(`[test-on-date] ${error.message}`);
  process.exit(1);
}

const env = { ...process.env, ...fakeClockEnv(library, `${date} 12:00:00`) };

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
