import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createPostgresDatabase } from './postgres-cluster';
import { readContent, type SiteContent } from '../fixtures/fixture-content';
import { loadConfig, type AppConfig } from '../../server/config';
import type { Logger } from '../../server/logger';
import { startServer, type RunningServer } from '../../server/server';

export type TestDbKind = 'sqlite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
export const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The content folder every test server seeds from: the fixture content (tests/fixtures/content)
 * with its event dates moved to today, made once per run by tests/helpers/global-content.ts.
 */
export const testContentDir = (): string => inject('contentDir');

/** What the test servers were seeded with, for tests that check it comes out right. */
export const testContent = (): SiteContent => readContent(testContentDir());

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
  return createPostgresDatabase(inject('postgresAdminUrl'), 't');
}

export interface TestServer extends RunningServer {
  config: AppConfig;
  /** Shut the server down and remove its database and data folder. */
  close(): Promise<void>;
  client(): ApiClient;
}

/** The real app (real build, real database) on a free loopback port. */
export async function startTestServer(
  options: {
    pages?: 'build' | 'none';
    env?: Record<string, string>;
    seed?: boolean;
    logger?: Logger;
    /** Another instance on this server's database (as behind a load balancer); the first one owns it. */
    sameDatabaseAs?: TestServer;
    /** A database made by the test (a restored backup, say); the server owns it and drops it on close. */
    database?: TestDatabase;
    /** The services' clock, for tests that move time (monthly gifts). */
    clock?: () => Date;
  } = {},
): Promise<TestServer> {
  const shared = options.sameDatabaseAs;
  const database: TestDatabase =
    options.database ??
    (shared ? { url: shared.config.database.kind === 'postgres' ? shared.config.database.url : shared.config.database.file, drop: async () => undefined } : await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    CONTENT_DIR: testContentDir(),
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: options.seed === false ? 'false' : 'true',
    SHUTDOWN_TIMEOUT_MS: '5000',
    SHUTDOWN_DRAIN_MS: '0',
    // Every request checks the database's change marks, so a test reads what it just wrote.
    PAGE_CACHE_CHECK_MS: '0',
    // Instances behind one load balancer share their secret and the site's address.
    ...(shared ? { JWT_SECRET: shared.config.jwtSecret, PUBLIC_URL: shared.config.publicUrl ?? shared.url } : {}),
    ...options.env,
  });
  const running = await startServer(config, { pages: options.pages ?? 'build', logger: options.logger, clock: options.clock });
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

let clientCounter = 0;

/**
 * A loopback address of its own for each client (Linux routes all of 127/8 to this machine), so
 * each test client is a separate visitor to the per-address limits, as separate browsers are.
 */
export function nextLoopbackAddress(): string {
  clientCounter += 1;
  const n = (process.pid % 200) * 40_000 + clientCounter;
  return `127.${1 + (Math.floor(n / 65_025) % 250)}.${1 + (Math.floor(n / 255) % 255)}.${1 + (n % 254)}`;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  /** Each Set-Cookie header as sent. */
  setCookies: string[];
  text: string;
  json: Record<string, unknown> & unknown[];
}

/** A browser-like client: keeps cookies and echoes the XSRF cookie in X-XSRF-TOKEN like the site does. Bodies: a string or bytes as they are, anything else as JSON. */
export class ApiClient {
  private cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    /** The client's own source address (see nextLoopbackAddress). */
    readonly sourceAddress: string = nextLoopbackAddress(),
  ) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  /** The value of a cookie the server set, or undefined. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Keeps a cookie as if the server had set it (a browser's state from an earlier visit). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** The Cookie header this client sends, for a request it cannot make (a path URL parsing would change). */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, urlPath: string, init: { body?: unknown; headers?: Record<string, string>; xsrf?: boolean } = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.xsrf !== false && this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    let body: string | Uint8Array | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' || init.body instanceof Uint8Array ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await sendFrom(this.sourceAddress, new URL(urlPath, this.baseUrl), method, headers, body);
    for (const cookie of response.setCookies) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    let json: unknown = undefined;
    try {
      json = JSON.parse(response.text);
    } catch {
      // not JSON (a page)
    }
    return { status: response.status, headers: response.headers, setCookies: response.setCookies, text: response.text, json: json as Record<string, unknown> & unknown[] };
  }

  get(urlPath: string) {
    return this.request('GET', urlPath);
  }

  post(urlPath: string, body?: unknown, init: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request('POST', urlPath, { ...init, body });
  }

  put(urlPath: string, body?: unknown, init: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request('PUT', urlPath, { ...init, body });
  }
}

/** One HTTP exchange from a given local address (fetch cannot choose it). */
function sendFrom(localAddress: string, url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined) {
  return new Promise<{ status: number; headers: Headers; setCookies: string[]; text: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, localAddress, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined || name === 'set-cookie') continue;
            out.set(name, Array.isArray(value) ? value.join(', ') : value);
          }
          resolve({ status: res.statusCode ?? 0, headers: out, setCookies: res.headers['set-cookie'] ?? [], text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
