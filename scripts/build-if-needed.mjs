#!/usr/bin/env node
// Builds what is missing or older than anything it is made from, so `npm start` and the test runs
// always serve the current code without a needless rebuild. Two parts: the site (react-router
// build, slow) and the compiled server (esbuild, a second or two; ADR 032).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_ENTRIES, SERVER_OUT_DIR } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PARTS = {
  site: {
    stamp: path.join(root, 'build/server/index.js'),
    inputs: ['app', 'common', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'],
  },
  server: {
    stamp: path.join(SERVER_OUT_DIR, 'main.js'),
    inputs: ['server', 'common', 'scripts/build-server.mjs', 'scripts/cli-args.ts', 'package-lock.json', ...Object.values(SERVER_ENTRIES)],
  },
};

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function partIsCurrent({ stamp, inputs }) {
  if (!existsSync(stamp)) return false;
  const built = statSync(stamp).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= built);
}

/** 'missing', 'stale' or 'current': what a production start checks before it runs the build. */
export function buildState() {
  if (!existsSync(PARTS.site.stamp) || !existsSync(PARTS.server.stamp)) return 'missing';
  return partIsCurrent(PARTS.site) && partIsCurrent(PARTS.server) ? 'current' : 'stale';
}

/** Whether build/node holds the current server code. */
export function serverBuildIsCurrent() {
  return partIsCurrent(PARTS.server);
}

/** Compiles the server alone when it is out of date (fast): for tests that start it as a process. */
export async function buildServerIfNeeded() {
  if (partIsCurrent(PARTS.server)) return false;
  await buildServer();
  return true;
}

export async function buildIfNeeded() {
  let built = false;
  if (!partIsCurrent(PARTS.site)) {
    console.log('[build] building the site (react-router build)…');
    execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: root, stdio: 'inherit' });
    built = true;
  }
  if (await buildServerIfNeeded()) {
    console.log('[build] server compiled to build/node');
    built = true;
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildIfNeeded();
