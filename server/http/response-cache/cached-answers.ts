import { randomUUID } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { isBackOfficePath } from '../admin/back-office-path';
import { publicAnswerPath } from '../public-answers';
import { hasXsrfCookie, XSRF_COOKIE, xsrfCookie } from '../middleware/xsrf';
import { cachedAnswerLines, type Logger } from '../../logger';
import { newRequestId, REQUEST_ID_HEADER } from '../middleware/request-context';
import type { CachedResponse, Rendered, ResponseCache } from './response-cache';

interface Options {
  cache: ResponseCache;
  app: RequestListener;
  secureCookies: boolean;
  logger: Logger;
}

/** Request headers an answer may depend on besides the path; kept per their values. */
const VARIES_ON = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const;
/** Each request gets its own, from the same functions the app uses. */
const PER_REQUEST = new Set([REQUEST_ID_HEADER.toLowerCase(), 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const askedByCache = new WeakSet<IncomingMessage>();
// With an XSRF-TOKEN the app sets no cookie; any Set-Cookie makes an answer not shareable.
const FILL_COOKIE = `${XSRF_COOKIE}=${'f'.repeat(43)}`;

/** Through an in-memory connection (no port); kept only if shareable: a 200, no cookie, not private, not compressed. */
function askApp(server: Server, path: string, varying: Record<string, string>): Promise<Rendered | null> {
  const [client, served] = connectionPair();
  server.emit('connection', served);
  return new Promise<Rendered | null>((resolve, reject) => {
    const headers = { ...varying, accept: '*/*', cookie: FILL_COOKIE, connection: 'close', [REQUEST_ID_HEADER]: `cache-fill-${randomUUID()}` };
    const asking = httpRequest({ method: 'GET', path, headers, createConnection: () => client }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        client.destroy();
        const cacheControl = res.headers['cache-control'] ?? '';
        if (res.statusCode !== 200 || res.headers['set-cookie'] || res.headers['content-encoding'] || /private|no-store/.test(cacheControl)) return resolve(null);
        const kept: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (!PER_REQUEST.has(res.rawHeaders[i]!.toLowerCase())) kept.push(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        resolve({ headers: kept, body: Buffer.concat(chunks) });
      });
    });
    asking.on('error', reject);
    asking.end();
  });
}

function connectionPair(): [Duplex, Duplex] {
  const ends: Duplex[] = [];
  const end = (other: () => Duplex) =>
    new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, done) {
        other().push(chunk);
        done();
      },
      final(done) {
        other().push(null);
        done();
      },
    });
  ends.push(end(() => ends[1]!), end(() => ends[0]!));
  // The app reads req.ip from its end.
  Object.defineProperty(ends[1], 'remoteAddress', { value: '127.0.0.1' });
  return [ends[0]!, ends[1]!];
}

type Encoding = 'br' | 'gzip' | 'identity';
const encodings = new Map<string, Encoding>();
function encodingFor(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  let found = encodings.get(acceptEncoding);
  if (found === undefined) {
    found = parseAcceptEncoding(acceptEncoding);
    if (encodings.size < 64) encodings.set(acceptEncoding, found);
  }
  return found;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    offered.set(name!, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

const bodyOf = (found: CachedResponse, encoding: Encoding) => (encoding === 'br' ? found.br : encoding === 'gzip' ? found.gzip : found.identity);

const sameEtag = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

export interface CachedAnswers {
  middleware: RequestHandler;
  /** Answers without Express when the answer is certainly current; false leaves the request to Express. */
  fast: (req: IncomingMessage, res: ServerResponse) => boolean;
}

const keyOf = (path: string, req: IncomingMessage) => {
  let key = path;
  for (const name of VARIES_ON) key += `\n${req.headers[name] ?? ''}`;
  return key;
};
export const pathOfKey = (key: string) => key.slice(0, key.indexOf('\n'));

function varyingHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of VARIES_ON) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/**
 * Anonymous GETs and HEADs of public pages and the read API (ADR 029): the app's own answer,
 * recorded once and replayed with an ETag. This instance's staff changes clear it at once.
 */
export function cachedAnswers({ cache, app, secureCookies, logger }: Options): CachedAnswers {
  // Never listens: the cache hands it in-memory connections.
  const appServer = createServer((req, res) => {
    askedByCache.add(req);
    app(req, res);
  });
  // Made once per cached answer: writeHead takes a flat list as is.
  const headerLists = new WeakMap<CachedResponse, { ok: Record<Encoding, string[]>; notModified: string[] }>();
  const headersOf = (found: CachedResponse) => {
    let lists = headerLists.get(found);
    if (!lists) {
      const common = [...found.headers, ...(found.ownEtag ? ['ETag', found.etag] : [])];
      const ok = (encoding: Encoding) => [
        ...common,
        ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
        'Content-Length',
        String(bodyOf(found, encoding).length),
      ];
      lists = { ok: { br: ok('br'), gzip: ok('gzip'), identity: ok('identity') }, notModified: common };
      headerLists.set(found, lists);
    }
    return lists;
  };

  const write = (req: IncomingMessage, res: ServerResponse, found: CachedResponse, requestId?: string) => {
    const lists = headersOf(found);
    const notModified = sameEtag(req.headers['if-none-match'], found.etag);
    const encoding = notModified ? 'identity' : encodingFor(req.headers['accept-encoding']);
    const headers = (notModified ? lists.notModified : lists.ok[encoding]).slice();
    // res.setHeader would send writeHead down its slow path.
    if (requestId !== undefined) headers.push(REQUEST_ID_HEADER, requestId);
    if (!hasXsrfCookie(req.headers.cookie)) headers.push('Set-Cookie', xsrfCookie(secureCookies));
    if (notModified) res.writeHead(304, headers).end();
    else res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : bodyOf(found, encoding));
  };
  const requestLine = cachedAnswerLines(logger);

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (isBackOfficePath(req.path)) res.on('finish', () => cache.clear());
      return next();
    }
    if (askedByCache.has(req)) return next();
    const path = publicAnswerPath(req.method, req.originalUrl, req.headers.authorization, req.headers.cookie);
    if (path === null) return next();
    const varying = varyingHeaders(req);
    cache.get(keyOf(path, req), () => askApp(appServer, path, varying)).then((cached) => (cached ? write(req, res, cached) : next()), next);
  };

  const fast = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* / */) return false;
    const path = publicAnswerPath(req.method, url, req.headers.authorization, req.headers.cookie);
    if (path === null) return false;
    const cached = cache.peek(keyOf(path, req));
    if (!cached) return false;
    const started = performance.now();
    const id = newRequestId(req);
    write(req, res, cached, id);
    // The answer was handed to the socket just now: log at once, without a 'finish' listener.
    requestLine?.({ id, method: req.method ?? 'GET', url: path, statusCode: res.statusCode, responseTime: Math.round(performance.now() - started) });
    return true;
  };

  return { middleware, fast };
}
