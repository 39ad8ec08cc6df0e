#!/usr/bin/env node
// Runs the built site on a brand-new SQLite database in a temp folder and removes the folder on
// exit: the server the end-to-end tests and benchmark use. It is seeded from CONTENT_DIR (the
// sample content/ unless set). With FIXTURE_CONTENT=1 it first writes the test fixture
// (tests/fixtures/content, its event dates moved to today) into CONTENT_DIR, and removes it on exit.
// With FRESH_DATABASE=postgres the database is a throwaway PostgreSQL cluster instead; its URL is
// written to <data folder>/database-url so tests can reach the same database.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledServer } from './compiled-command.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// FRESH_DATA_DIR names the folder when a test must reach the same database (npm run staff:add).
const dataDir = process.env.FRESH_DATA_DIR ? path.resolve(process.env.FRESH_DATA_DIR) : mkdtempSync(path.join(tmpdir(), 'foundation-fresh-'));
if (process.env.FRESH_DATA_DIR) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
}
// A given outbox folder (the e2e suite reads mail from it) starts empty too.
const outboxDir = process.env.OUTBOX_DIR;
if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });

let fixtureDir;
let databaseUrl = path.join(dataDir, 'site.sqlite');
let stopPostgres = () => {};
const usePostgres = process.env.FRESH_DATABASE === 'postgres';
if (process.env.FIXTURE_CONTENT === '1' || usePostgres) {
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  if (process.env.FIXTURE_CONTENT === '1') {
    if (!process.env.CONTENT_DIR) throw new Error('FIXTURE_CONTENT=1 needs CONTENT_DIR: the folder to write the fixture content into');
    fixtureDir = path.resolve(process.env.CONTENT_DIR);
    const { materializeFixtureContent } = await import('../tests/fixtures/fixture-content.ts');
    materializeFixtureContent({ dir: fixtureDir });
  }
  if (usePostgres) {
    const { startPostgresCluster, createPostgresDatabase } = await import('../tests/helpers/postgres-cluster.ts');
    const cluster = await startPostgresCluster();
    stopPostgres = () => cluster.stop();
    cluster.stopWhenGone(process.pid);
    databaseUrl = (await createPostgresDatabase(cluster.adminUrl, 'fresh')).url;
    writeFileSync(path.join(dataDir, 'database-url'), databaseUrl);
  }
  await unregister();
}

const child = spawn(...compiledServer(), {
  cwd: root,
  stdio: 'inherit',
  env: { LOG_LEVEL: 'warn', ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
});
const cleanup = () => {
  stopPostgres();
  rmSync(dataDir, { recursive: true, force: true });
  if (outboxDir) rmSync(outboxDir, { recursive: true, force: true });
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
