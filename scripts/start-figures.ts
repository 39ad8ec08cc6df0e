/**
 * `npm run start-figures [-- --runs N]`: how long the server takes from `node` to listening, and
 * its memory at rest, run through tsx (how production once ran) and compiled (ADR 032).
 * Each start is production-like on one SQLite database migrated and seeded beforehand.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from './build-if-needed.mjs';
import { wholeNumberArg } from './cli-args';
import { compiledServer } from './compiled-command.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { runs: { type: 'string' }, 'rest-ms': { type: 'string' } } });
const runs = Math.max(1, wholeNumberArg('runs', values.runs, 5));
const restMs = wholeNumberArg('rest-ms', values['rest-ms'], 5000);

await buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), 'start-figures-'));
const env = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: 'http://127.0.0.1',
  JWT_SECRET: randomBytes(48).toString('base64url'),
  ALLOW_SIMULATED_PAYMENTS: 'true',
  MAIL_OUTBOX_IN_PRODUCTION: 'true',
  DATA_DIR: dataDir,
  DATABASE_URL: path.join(dataDir, 'site.sqlite'),
};

interface Start {
  listeningMs: number;
  restRssMb: number;
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function startOnce(command: [string, string[]]): Promise<Start> {
  const started = performance.now();
  const child = spawn(command[0], command[1], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const listeningMs = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/listening on http/.test(output)) resolve(performance.now() - started);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  await new Promise((resolve) => setTimeout(resolve, restMs));
  const restRssMb = rssMb(child.pid!);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { listeningMs, restRssMb };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const ways: Record<string, [string, string[]]> = {
  'tsx (before)': [process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')]],
  'compiled (now)': compiledServer(),
};
try {
  await startOnce(ways['compiled (now)']!); // migrates and seeds the database once, outside the figures
  console.log(`${runs} starts each, memory read ${restMs} ms after listening (medians):`);
  for (const [name, command] of Object.entries(ways)) {
    const starts: Start[] = [];
    for (let i = 0; i < runs; i++) starts.push(await startOnce(command));
    console.log(
      `${name.padEnd(15)} listening after ${Math.round(median(starts.map((s) => s.listeningMs)))} ms, ` +
        `${median(starts.map((s) => s.restRssMb)).toFixed(0)} MB resident at rest`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
