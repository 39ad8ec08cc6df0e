/**
 * One HTTP exchange over node:http, from a chosen loopback source address, with nothing between
 * the fuzzer and the socket (no fetch normalisation: any method, path bytes and header the
 * protocol allows go out as written).
 */
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface WireRequest {
  method: string;
  /** Request target as sent: usually `/path?query`, but any bytes node:http accepts. */
  path: string;
  headers: OutgoingHttpHeaders;
  body?: Buffer;
  /** False: no Host header at all. */
  setHost?: boolean;
}

export interface WireResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded (gzip/deflate/br undone) body, at most MAX_BODY bytes. */
  body: Buffer;
  truncated: boolean;
}

export interface Outcome {
  response?: WireResponse;
  /** Size of the request line and headers: above the server's limit Node may reset instead of answering 431. */
  headBytes?: number;
  /** A transport problem: reset, hang-up, timeout, truncated response… */
  error?: string;
  ms: number;
}

const MAX_BODY = 4 * 1024 * 1024;

/** The n-th loopback address after 127.0.255.255: 127.1.0.1, 127.1.0.2, … (never 127.0.0.1). */
export function loopbackAddress(n: number): string {
  const c = (n % 254) + 1;
  const rest = Math.floor(n / 254);
  const b = rest % 256;
  const a = (Math.floor(rest / 256) % 254) + 1;
  return `127.${a}.${b}.${c}`;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip') return gunzipSync(body);
    if (encoding === 'deflate') return inflateSync(body);
    if (encoding === 'br') return brotliDecompressSync(body);
  } catch {
    // keep the raw bytes: the check reads what it can
  }
  return body;
}

/** Bytes of the request line and headers as they go on the wire (near enough). */
export function headSize(wire: WireRequest): number {
  let size = wire.method.length + wire.path.length + 12;
  for (const [name, value] of Object.entries(wire.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) size += name.length + String(v ?? '').length + 4;
  }
  return size + 40; // host, connection, content-length
}

export function send(base: URL, wire: WireRequest, options: { localAddress?: string; timeoutMs?: number } = {}): Promise<Outcome> {
  const started = performance.now();
  const headBytes = headSize(wire);
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    let responseDone = false;
    const finish = (outcome: Omit<Outcome, 'ms'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, headBytes, ms: Math.round(performance.now() - started) });
    };
    let req: ReturnType<typeof request>;
    try {
      req = request({
        host: base.hostname,
        port: base.port,
        method: wire.method,
        path: wire.path,
        headers: wire.headers,
        setHost: wire.setHost ?? true,
        localAddress: options.localAddress,
        agent: false,
      });
    } catch (error) {
      // node:http refused to build the request (e.g. a character it will not put on the wire):
      // a generator bug, not a server problem.
      finish({ error: `client refused the request: ${(error as Error).message}` });
      return;
    }
    const timer = setTimeout(() => {
      req.destroy(new Error(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      res.on('data', (chunk: Buffer) => {
        if (size < MAX_BODY) chunks.push(chunk);
        else truncated = true;
        size += chunk.length;
      });
      res.on('end', () => {
        responseDone = true;
        clearTimeout(timer);
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        finish({
          response: { status: res.statusCode ?? 0, headers: res.headers, body: decode(raw, typeof encoding === 'string' ? encoding : undefined), truncated },
        });
        res.socket?.destroy();
      });
      res.on('error', (error) => {
        clearTimeout(timer);
        finish({ error: `response broken off after status ${res.statusCode}: ${error.message}` });
      });
      res.on('aborted', () => {
        clearTimeout(timer);
        finish({ error: `response aborted after status ${res.statusCode}` });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      // An answer that arrived in full counts even if the server stopped reading our body early
      // (413 before the upload ended gives EPIPE/ECONNRESET on the request side).
      if (responseDone) return;
      finish({ error: `${error.code ?? 'error'}: ${error.message}` });
    });
    req.end(wire.body);
  });
}

export interface JsonAnswer {
  status: number;
  json: Record<string, unknown>;
  text: string;
  headers: IncomingHttpHeaders;
}

/** A plain JSON call (used to prepare accounts and payments); throws on transport errors. */
export async function callJson(
  base: URL,
  method: string,
  path: string,
  options: { body?: unknown; headers?: OutgoingHttpHeaders; localAddress?: string } = {},
): Promise<JsonAnswer> {
  const headers: OutgoingHttpHeaders = { accept: 'application/json', ...options.headers };
  let body: Buffer | undefined;
  if (options.body !== undefined) {
    body = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] = 'application/json';
  }
  const outcome = await send(base, { method, path, headers, body }, { localAddress: options.localAddress });
  if (!outcome.response) throw new Error(`${method} ${path}: ${outcome.error}`);
  const text = outcome.response.body.toString('utf8');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { status: outcome.response.status, json, text, headers: outcome.response.headers };
}
