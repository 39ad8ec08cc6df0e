import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../../server/config';
import { startServer, type RunningServer } from '../../server/server';

export type TestDbKind = 'sqlite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestDatabase {
  /** DATABASE_URL for the fresh, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh empty database of the kind this project runs against (TEST_DB). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'foundation-sqlite-'));
    return { url: path.join(dir, 'test.sqlite'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const adminUrl = inject('postgresAdminUrl');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestServer extends RunningServer {
  config: AppConfig;
  /** Shut the server down and remove its database and data folder. */
  close(): Promise<void>;
  client(): ApiClient;
}

/** The real app (real build, real database) on a free loopback port. */
export async function startTestServer(
  options: { pages?: 'build' | 'none'; env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    CONTENT_DIR: path.join(PROJECT_ROOT, 'content'),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: options.seed === false ? 'false' : 'true',
    SHUTDOWN_TIMEOUT_MS: '5000',
    ...options.env,
  });
  const running = await startServer(config, { pages: options.pages ?? 'build' });
  return {
    ...running,
    config,
    async close() {
      try {
        await running.shutdown('test finished');
      } finally {
        await database.drop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    client: () => new ApiClient(running.url),
  };
}

/** A browser-like client: keeps cookies and echoes the XSRF cookie in X-XSRF-TOKEN like the site does. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(method: string, urlPath: string, init: { body?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.xsrf !== false && this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(urlPath, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON (a page)
    }
    return { status: response.status, headers: response.headers, text, json: json as Record<string, unknown> & unknown[] };
  }

  get(urlPath: string) {
    return this.request('GET', urlPath);
  }

  post(urlPath: string, body?: unknown, init: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request('POST', urlPath, { ...init, body });
  }
}
