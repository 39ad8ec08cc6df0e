/**
 * HTTP for the chaos run: a browser-like client (its own loopback source address, cookies, the
 * XSRF header echoed from the cookie) that reads the server's address anew for every request, so
 * it follows the server to the port it was restarted on. A refused, reset or timed-out connection
 * is a TransportError (the server is down or died mid-request); any HTTP answer is an Answer.
 */
import { request } from 'node:http';

export class TransportError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export interface Answer {
  status: number;
  text: string;
  /** The parsed body, or {} when it is not a JSON object. */
  json: Record<string, unknown>;
  setCookies: string[];
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** One exchange over a fresh connection (no pooled sockets left over from a killed server). */
export function exchange(
  base: string,
  method: string,
  path: string,
  { headers = {}, body, localAddress, timeoutMs = DEFAULT_TIMEOUT_MS }: { headers?: Record<string, string>; body?: string; localAddress?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: body === undefined ? headers : { 'content-length': String(Buffer.byteLength(body)), ...headers },
        localAddress,
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            const parsed: unknown = JSON.parse(text);
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, text, json, setCookies: res.headers['set-cookie'] ?? [] });
        });
        res.on('error', (error: NodeJS.ErrnoException) => reject(new TransportError(error.message, error.code)));
        res.on('aborted', () => reject(new TransportError('response aborted', 'ECONNRESET')));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: 'ETIMEDOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => reject(new TransportError(error.message, error.code)));
    req.end(body);
  });
}

/**
 * The n-th loopback address of a run: 127.a.b.c with a ≥ 2 (never 127.0.0.1 or 127.1.x.x, which
 * other tools on this machine use). Linux routes all of 127/8 to this machine.
 */
export function loopbackAddress(n: number): string {
  const c = (n % 250) + 2;
  const rest = Math.floor(n / 250);
  const b = (rest % 250) + 2;
  const a = (Math.floor(rest / 250) % 250) + 2;
  return `127.${a}.${b}.${c}`;
}

/** A visitor's browser: cookies, the XSRF header, one network address; follows the server's current address. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly baseUrl: () => string,
    readonly address: string,
  ) {}

  get xsrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json', ...extraHeaders };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.xsrfToken) headers['x-xsrf-token'] = this.xsrfToken;
    let text: string | undefined;
    if (body !== undefined) {
      text = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const answer = await exchange(this.baseUrl(), method, path, { headers, body: text, localAddress: this.address });
    for (const cookie of answer.setCookies) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return answer;
  }
}
