#!/usr/bin/env node
// Builds the site when build/ is missing or older than anything it is made from, so
// `npm start` and the test runs always serve the current code without a needless rebuild.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'build/server/index.js');
const inputs = ['app', 'common', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsCurrent() {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

export function buildIfNeeded() {
  if (buildIsCurrent()) return false;
  console.log('[build] building the site (react-router build)…');
  execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: root, stdio: 'inherit' });
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfNeeded();
