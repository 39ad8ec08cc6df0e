/**
 * `npm run bench`: throughput of the production server against a bare node:http ceiling that
 * sends the very same bytes. Prints a table and writes bench/results.json. Not a test: nothing
 * here fails CI. Both servers run as their own single process on loopback; autocannon runs here.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { freePort } from '../scripts/free-port';

const ROOT = path.resolve(import.meta.dirname, '..');
const TARGETS = ['/api/events/upcoming', '/api/content/all', '/'];
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

interface Measure {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        child.stdout?.off('data', onData);
        child.stdout?.resume(); // keep draining the logs so the server never blocks on a full pipe
        resolve({ child, match });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code) => reject(new Error(`process exited early (${code}):\n${output}`)));
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy within 30 s');
}

async function measure(url: string): Promise<Measure> {
  await autocannon({ url, connections: CONNECTIONS, duration: 2 }); // warm-up (JIT, caches)
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

buildIfNeeded();
const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-bench-'));
const children: ChildProcess[] = [];
try {
  const port = await freePort();
  const siteChild = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // A production server with no payment keys: the benchmark pages never take a payment.
      ALLOW_SIMULATED_PAYMENTS: 'true',
      MAIL_OUTBOX_IN_PRODUCTION: 'true', // no mail server either; the benchmark sends no mail
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    },
  });
  children.push(siteChild);
  const siteUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(siteUrl, siteChild);

  // Capture the real responses (no compression: autocannon does not ask for it) for the ceiling.
  const captured: Record<string, { status: number; contentType: string; bodyBase64: string; bytes: number }> = {};
  for (const target of TARGETS) {
    const res = await fetch(`${siteUrl}${target}`, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`${target} answered ${res.status}`);
    captured[target] = { status: res.status, contentType: res.headers.get('content-type') ?? 'application/octet-stream', bodyBase64: body.toString('base64'), bytes: body.length };
  }
  const capturedFile = path.join(dataDir, 'captured.json');
  writeFileSync(capturedFile, JSON.stringify(captured));
  const ceiling = await startProcess([path.join(ROOT, 'bench/ceiling-server.mjs'), capturedFile], { PATH: process.env.PATH }, /LISTENING (\d+)/);
  children.push(ceiling.child);
  const ceilingUrl = `http://127.0.0.1:${ceiling.match[1]}`;

  const rows = [];
  for (const target of TARGETS) {
    const ours = await measure(`${siteUrl}${target}`);
    const bare = await measure(`${ceilingUrl}${target}`);
    rows.push({
      endpoint: `GET ${target}`,
      bytes: captured[target]!.bytes,
      ours,
      ceiling: bare,
      percentOfCeiling: Math.round((ours.requestsPerSecond / bare.requestsPerSecond) * 1000) / 10,
    });
  }

  const pad = (v: string | number, n: number) => String(v).padStart(n);
  console.log(`\n${CONNECTIONS} connections, ${DURATION_S} s per run, ${cpus().length} cores, Node ${process.version}\n`);
  console.log(`${'endpoint'.padEnd(26)}${pad('bytes', 8)}${pad('ours req/s', 12)}${pad('p99 ms', 8)}${pad('ceiling req/s', 15)}${pad('p99 ms', 8)}${pad('% of ceiling', 14)}`);
  for (const r of rows) {
    console.log(
      `${r.endpoint.padEnd(26)}${pad(r.bytes, 8)}${pad(r.ours.requestsPerSecond, 12)}${pad(r.ours.p99Ms, 8)}${pad(r.ceiling.requestsPerSecond, 15)}${pad(r.ceiling.p99Ms, 8)}${pad(`${r.percentOfCeiling}%`, 14)}`,
    );
    if (r.ours.errors + r.ours.non2xx > 0) console.log(`  ! ${r.ours.errors} errors, ${r.ours.non2xx} non-2xx answers from our server`);
  }
  const results = { date: new Date().toISOString(), node: process.version, cores: cpus().length, connections: CONNECTIONS, durationSeconds: DURATION_S, rows };
  writeFileSync(path.join(ROOT, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWrote bench/results.json');
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
