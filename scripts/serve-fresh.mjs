#!/usr/bin/env node
// Runs the built site on a brand-new SQLite database in a temp folder (seeded with the sample
// content) and removes the folder on exit: the server the end-to-end tests and benchmark use.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-fresh-'));
// A given outbox folder (the e2e suite reads mail from it) starts empty too.
const outboxDir = process.env.OUTBOX_DIR;
if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env, DATA_DIR: dataDir, DATABASE_URL: path.join(dataDir, 'site.sqlite') },
});
const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
