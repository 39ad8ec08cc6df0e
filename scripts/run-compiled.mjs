#!/usr/bin/env node
// `npm start` and the operations commands (`npm run db:migrate`, `db:seed`, `staff:add`…): run the
// compiled JavaScript in build/node (ADR 032). Outside production the build is brought up to
// date first; with NODE_ENV=production nothing is compiled here: the deploy ran `npm run build`,
// and the development tools may have been pruned.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded, buildState } from './build-if-needed.mjs';
import { compiledCommand } from './compiled-command.mjs';

export async function runCompiled(name, args) {
  if (process.env.NODE_ENV === 'production') {
    const state = buildState();
    if (state === 'missing') {
      console.error('No build found in build/. Run `npm run build` first (it needs the development dependencies).');
      process.exit(1);
    }
    if (state === 'stale') console.warn('[start] the build is older than the code: run `npm run build` to serve the current code.');
  } else {
    await buildIfNeeded();
  }
  const { command, args: fullArgs, cwd } = compiledCommand(name, args);
  const child = spawn(command, fullArgs, { cwd, stdio: 'inherit' });
  // Pass stop signals on so the server can shut down gracefully.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [name, ...args] = process.argv.slice(2);
  if (!name) {
    console.error('usage: run-compiled.mjs <entry> [arguments…]');
    process.exit(2);
  }
  await runCompiled(name, args);
}
