// How to run one of the compiled entries in build/node (ADR 032): plain Node, with source maps so
// a stack trace names the TypeScript file and line.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverBuildIsCurrent } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `node` and its arguments for build/node/<name>.js (main is the server). */
export function compiledCommand(name, args = []) {
  return { command: process.execPath, args: ['--enable-source-maps', path.join(root, 'build/node', `${name}.js`), ...args], cwd: root };
}

/**
 * spawn()'s first two arguments for a compiled entry (the server by default: what `npm start`
 * runs). For tests and tools, so it refuses a build older than the code rather than quietly run
 * yesterday's server or commands.
 */
export function compiledServer(name = 'main', extraArgs = []) {
  if (!serverBuildIsCurrent()) throw new Error('build/node is older than the server code: run `node scripts/build-if-needed.mjs` (or `npm run build`).');
  const { command, args } = compiledCommand(name, extraArgs);
  return [command, args];
}
