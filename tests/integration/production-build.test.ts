import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { runMain } from '../helpers/main-process';
import { compiledCommand } from '../../scripts/compiled-command.mjs';
import { createTestDatabase, PROJECT_ROOT, testContentDir } from '../helpers/test-server';

/**
 * ADR 032: production runs the compiled JavaScript in build/node with plain Node. What it
 * loads must be among the production dependencies, so `npm prune --omit=dev` after the build leaves
 * a server that starts.
 */
const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
// Only `npm run dev` loads Vite (through `--dev`); the compiled server imports it on that path alone.
const DEV_ONLY_IMPORTS = new Set(['vite']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(dir, name));
}

/** The packages a compiled file imports: `from "x"`, `import "x"` and `import("x")` (esbuild's output forms). */
function importedPackages(code: string): Set<string> {
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"'./][^"']*)["']/g)) {
    const specifier = match[1]!;
    // Only what has a package name's shape: text such as "Received from" is not an import.
    if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/.test(specifier)) continue;
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    const parts = specifier.split('/');
    found.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return found;
}

describe('the compiled server', () => {
  it('imports nothing but production dependencies (and Vite on the dev path only)', () => {
    const files = [...filesUnder(path.join(PROJECT_ROOT, 'build/node')), path.join(PROJECT_ROOT, 'build/server/index.js')];
    expect(files.length).toBeGreaterThan(2);
    const missing = new Map<string, string>();
    const seen = new Set<string>();
    for (const file of files) {
      for (const name of importedPackages(readFileSync(file, 'utf8'))) {
        seen.add(name);
        if (!(name in pkg.dependencies) && !DEV_ONLY_IMPORTS.has(name)) missing.set(name, path.relative(PROJECT_ROOT, file));
      }
    }
    expect([...missing].map(([name, file]) => `${name} (in ${file})`)).toEqual([]);
    // The scan reads real imports: the framework and the drivers are among them.
    for (const name of ['express', 'react-router', 'kysely', 'better-sqlite3', 'pg']) expect(seen.has(name), name).toBe(true);
    expect(seen.has('tsx')).toBe(false);
  });

  it('starts in production with plain Node, serves a page and stops on SIGTERM', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'prod-'));
    const run = runMain({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ALLOW_SIMULATED_PAYMENTS: 'true',
      MAIL_OUTBOX_IN_PRODUCTION: 'true',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      CONTENT_DIR: testContentDir(),
    });
    try {
      await run.ready;
      expect(run.child.spawnargs.join(' ')).toMatch(/--enable-source-maps \S+build\/node\/main\.js$/);
      expect(run.child.spawnargs.join(' ')).not.toMatch(/tsx|\.ts\b/);
      const health = await fetch(`${run.url()}/healthz`);
      expect(health.status).toBe(200);
      const home = await fetch(`${run.url()}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<main');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      run.child.kill('SIGKILL');
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the operations commands', () => {
  it('staff:add reads the settings file the server reads: its link is on the site’s address, its staff in the site’s database', async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-'));
    const settings = path.join(dataDir, 'site.env');
    writeFileSync(settings, `PUBLIC_URL=https://give.example.org\nDATABASE_URL=${database.url}\nDATA_DIR=${dataDir}\nLOG_LEVEL=silent\n`);
    try {
      const { command, args, cwd } = compiledCommand('staff-add', ['--email', 'pat@example.org', '--role', 'admin']);
      const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['PUBLIC_URL', 'DATABASE_URL', 'DATA_DIR', 'PORT'].includes(name)));
      const { stdout } = await promisify(execFile)(command, args, { cwd, env: { ...environment, ENV_FILE: settings } });
      expect(stdout).toMatch(/^https:\/\/give\.example\.org\/admin\/invite\/\S+$/m);
      const again = await promisify(execFile)(command, args, { cwd, env: { ...environment, ENV_FILE: settings } });
      expect(again.stdout).toContain('New set-up link for pat@example.org (admin).');
    } finally {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
