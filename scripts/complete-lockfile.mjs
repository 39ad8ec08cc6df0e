#!/usr/bin/env node
// The npm registry reachable here serves only the Linux builds of packages that ship one binary
// package per platform (Tailwind's oxide, Rollup), so `npm install` leaves the other platforms'
// optional packages out of package-lock.json and `npm ci` then refuses the lock as "out of sync".
// This adds the missing entries back as optional packages for their own OS/CPU, which npm skips
// on every other machine, exactly as a lock made against the full registry would.
// Run after changing dependencies: `npm install && node scripts/complete-lockfile.mjs && npm install`
// (the second install only normalises the new entries; `npm ci` must then pass).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lockPath = path.join(root, 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

/** "@rollup/rollup-linux-arm-musleabihf" → { os: ['linux'], cpu: ['arm'], libc: ['musl'] } */
function platformOf(name) {
  const parts = path.basename(name).split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu) return null;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === 'linux') entry.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue; // only exact-version platform binaries
    packages[hoisted] = { version: range, ...platform, optional: true };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
