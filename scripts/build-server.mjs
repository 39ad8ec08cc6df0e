#!/usr/bin/env node
// Compiles the server and its operations commands to plain JavaScript in build/node/ (ADR 032), so
// production runs `node` alone: no TypeScript compiler at start-up. Packages stay outside the
// bundle and are loaded from node_modules, as they would be by the TypeScript sources.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT_DIR = path.join(root, 'build/node');

/** What `npm start` and the `npm run db:*` / `staff:add` commands run, by their output name. */
export const SERVER_ENTRIES = {
  main: 'server/main.ts',
  'db-migrate': 'scripts/db-migrate.ts',
  'db-seed': 'scripts/db-seed.ts',
  'staff-add': 'scripts/staff-add.ts',
  'db-backup': 'scripts/db-backup.ts',
  'db-restore': 'scripts/db-restore.ts',
};

export async function buildServer() {
  // Loaded here, not at the top: a production start imports this file after the dev tools are pruned.
  const { build } = await import('esbuild');
  rmSync(SERVER_OUT_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, path.join(root, file)])),
    outdir: SERVER_OUT_DIR,
    bundle: true,
    // One copy of each module shared by the entries, in chunks beside them.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`[build] server compiled to build/node in ${Date.now() - started} ms`);
}
