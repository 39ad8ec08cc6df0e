#!/usr/bin/env node
// Playwright must never download its own browser here (no internet): tests use Debian's
// Chromium, installed on demand so a fresh machine needs no manual step.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);

const asRoot = process.getuid?.() === 0;
const run = (cmd, args) => {
  const [bin, argv] = asRoot ? [cmd, args] : ['sudo', ['-n', cmd, ...args]];
  console.log(`[ensure-chromium] ${bin} ${argv.join(' ')}`);
  execFileSync(bin, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
};

try {
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']);
} catch (error) {
  console.error(
    `[ensure-chromium] ${CHROMIUM} is missing and Debian's chromium package could not be installed ` +
      `(needs root or passwordless sudo): ${error.message}`,
  );
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`[ensure-chromium] chromium installed but ${CHROMIUM} is still missing`);
  process.exit(1);
}
