/**
 * The site as its own process (`build/node/main.js`, what `npm start` runs) on a
 * throwaway database, watched while the fuzzer runs: its exit is a failure, and its error log
 * lines are kept by request id so a 500 can be shown with its cause.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createPostgresDatabase, type PostgresCluster } from '../../tests/helpers/postgres-cluster';
import { clockEnv } from '../../tests/helpers/clock-env';
import { freePort } from '../free-port';
import { compiledServer } from '../compiled-command.mjs';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

export type DbKind = 'sqlite' | 'postgres';

export interface ServerProcess {
  url: string;
  pid: number;
  /** Why the process is gone, or null while it runs. */
  gone(): string | null;
  /** The error-level log lines for a request id. */
  errorFor(requestId: string): string | undefined;
  /** Error-level lines not tied to a request, and the last lines of other output. */
  unattributedErrors(): string[];
  stop(): Promise<number | null>;
}

interface LogLine {
  level?: number;
  msg?: string;
  requestId?: string;
  req?: { id?: string };
  err?: { type?: string; message?: string };
}

export async function startServerProcess(env: { DATABASE_URL: string; DATA_DIR: string; CONTENT_DIR: string }): Promise<ServerProcess> {
  // main.ts announces its address at info level only; with LOG_LEVEL=warn we choose the port.
  const port = await freePort();
  const child: ChildProcess = spawn(...compiledServer(), {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      ...clockEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors = new Map<string, string[]>();
  const unattributed: string[] = [];
  const tail: string[] = [];
  let exit: string | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = `server process exited (code ${code}, signal ${signal})`;
      resolve(code);
    }),
  );
  const remember = (line: string) => {
    tail.push(line.slice(0, 2000));
    if (tail.length > 40) tail.shift();
  };
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let entry: LogLine;
    try {
      entry = JSON.parse(line) as LogLine;
    } catch {
      remember(line);
      return;
    }
    if ((entry.level ?? 0) < 50) return;
    const text = [entry.msg, entry.err ? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}` : ''].filter(Boolean).join(' — ');
    const id = entry.requestId ?? entry.req?.id;
    if (id) {
      const list = errors.get(id) ?? [];
      if (!list.includes(text)) list.push(text);
      errors.set(id, list);
    } else {
      unattributed.push(text.slice(0, 500));
    }
  });
  createInterface({ input: child.stderr! }).on('line', remember);

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exit) throw new Error(`${exit} before it was ready:\n${tail.join('\n')}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within 90 s:\n${tail.join('\n')}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }

  return {
    url,
    pid: child.pid!,
    gone: () => exit,
    errorFor: (id) => errors.get(id)?.join(' | '),
    unattributedErrors: () => [...unattributed, ...(exit ? tail : [])],
    async stop() {
      if (exit) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface Database {
  url: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh database of the kind asked for, and a fresh data folder (outbox, JWT secret). */
export async function createDatabase(kind: DbKind, cluster: () => Promise<PostgresCluster>): Promise<Database> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `foundation-fuzz-${kind}-`));
  if (kind === 'sqlite') {
    return { url: path.join(dataDir, 'fuzz.sqlite'), dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const database = await createPostgresDatabase((await cluster()).adminUrl, 'fuzz');
  return {
    url: database.url,
    dataDir,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
