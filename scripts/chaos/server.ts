/**
 * The site as its own process (`node --import tsx server/main.ts`, what `npm start` runs), started,
 * killed with SIGKILL and started again on the same database and DATA_DIR, each time on a new
 * port. `url()` is where it listens now (or listened last, while it is down): clients read it for
 * every request, so they reach the new instance once it is up, as a browser reloading would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { clockEnv } from '../../tests/helpers/clock-env';
import { freePort } from '../free-port';
import { exchange } from './http';
import { compiledServer } from '../compiled-command.mjs';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

interface LogLine {
  level?: number;
  msg?: string;
  res?: { statusCode?: number };
  err?: { type?: string; message?: string };
}

export interface ServerStats {
  /** SIGKILLs sent while the server was up. */
  kills: number;
  starts: number;
  /** Exits nobody asked for (a crash of the site is a finding). */
  crashes: string[];
  /** Time from a kill to the next instance answering /healthz, per restart. */
  restartMs: number[];
  /** Warn- and error-level log messages and how often each was seen, over every instance. */
  logTally: Record<string, number>;
  /** The first error-level lines (with their error), for the report. */
  errorLines: string[];
}

const READY_TIMEOUT_MS = 180_000;

export class ServerSupervisor {
  private child: ChildProcess | null = null;
  private lastUrl = 'http://127.0.0.1:1';
  private up = false;
  private upWaiters: Array<() => void> = [];
  private expectedExit = false;
  private exited: Promise<void> = Promise.resolve();
  private readonly tail: string[] = [];
  private killedAt = 0;
  readonly stats: ServerStats = { kills: 0, starts: 0, crashes: [], restartMs: [], logTally: {}, errorLines: [] };

  constructor(private readonly env: Record<string, string>) {}

  url(): string {
    return this.lastUrl;
  }

  isUp(): boolean {
    return this.up;
  }

  /** Resolves once an instance answers /healthz. */
  whenUp(): Promise<void> {
    if (this.up) return Promise.resolve();
    return new Promise((resolve) => this.upWaiters.push(resolve));
  }

  /** Starts an instance on a free port and waits until /healthz answers 200. */
  async start(): Promise<void> {
    if (this.child) throw new Error('the server is already running');
    for (let attempt = 1; ; attempt++) {
      try {
        await this.startOnce();
        return;
      } catch (error) {
        // Another process may have taken the free port in between: try another one.
        if (attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
      }
    }
  }

  private async startOnce(): Promise<void> {
    const port = await freePort();
    const child = spawn(...compiledServer(), {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', ...clockEnv(), ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.expectedExit = false;
    this.stats.starts += 1;
    let exitReason: string | null = null;
    let ready = false;
    this.exited = new Promise<void>((resolve) =>
      child.on('exit', (code, signal) => {
        exitReason = `exited with code ${code}, signal ${signal}`;
        if (this.child === child) {
          this.child = null;
          this.up = false;
        }
        // Before it is ready, start() reports the exit by throwing.
        if (ready && !this.expectedExit) {
          this.stats.crashes.push(`${exitReason}\n${this.tail.slice(-15).join('\n')}`);
          // The run goes on: the site is started again, as a process manager would.
          this.killedAt = Date.now();
          this.start().catch((error: unknown) => this.stats.crashes.push(`restart after the crash failed: ${String(error)}`));
        }
        resolve();
      }),
    );
    createInterface({ input: child.stdout! }).on('line', (line) => this.onLine(line));
    createInterface({ input: child.stderr! }).on('line', (line) => this.remember(line));

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (exitReason) {
        throw new Error(`the server ${exitReason} before it was ready:\n${this.tail.slice(-20).join('\n')}`);
      }
      if (Date.now() > deadline) {
        await this.kill();
        throw new Error(`the server did not answer /healthz within ${READY_TIMEOUT_MS / 1000} s:\n${this.tail.slice(-20).join('\n')}`);
      }
      try {
        if ((await exchange(url, 'GET', '/healthz', { timeoutMs: 2000 })).status === 200) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    ready = true;
    this.lastUrl = url;
    this.up = true;
    if (this.killedAt > 0) this.stats.restartMs.push(Date.now() - this.killedAt);
    this.killedAt = 0;
    for (const resolve of this.upWaiters.splice(0)) resolve();
  }

  /** SIGKILL: no drain, no shutdown hook; whatever the instance was doing stops mid-way. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectedExit = true;
    this.up = false;
    this.killedAt = Date.now();
    child.kill('SIGKILL');
    await this.exited;
  }

  /** A SIGKILL that counts as one of the run's kills. */
  async chaosKill(): Promise<void> {
    if (!this.child) return;
    this.stats.kills += 1;
    await this.kill();
  }

  /** Graceful stop at the end of a run (SIGTERM, then SIGKILL after 15 s). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectedExit = true;
    this.up = false;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  private remember(line: string): void {
    this.tail.push(line.slice(0, 1000));
    if (this.tail.length > 60) this.tail.shift();
  }

  private onLine(line: string): void {
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      this.remember(line);
      return;
    }
    if ((entry.level ?? 0) < 40) return;
    this.remember(line);
    const status = entry.res?.statusCode ? ` (${entry.res.statusCode})` : '';
    const key = `${(entry.level ?? 0) >= 50 ? 'error' : 'warn'}: ${entry.msg ?? '(no message)'}${status}`;
    this.stats.logTally[key] = (this.stats.logTally[key] ?? 0) + 1;
    if ((entry.level ?? 0) >= 50 && this.stats.errorLines.length < 50) {
      this.stats.errorLines.push([entry.msg, entry.err ? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}` : ''].filter(Boolean).join(' — ').slice(0, 500));
    }
  }
}
