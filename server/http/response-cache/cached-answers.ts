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
  /** The app: a missing answer is asked of it, as a visitor without cookies would ask. */
  app: RequestListener;
  secureCookies: boolean;
  /** Where the fast path logs the requests it answers (the request logger's format). */
  logger: Logger;
}

/** The request headers an answer may depend on besides the path: a cached answer is kept per their values. */
const VARIES_ON = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const;
/** What the answer's recording leaves out: each request gets its own, from the same functions the app uses. */
const PER_REQUEST = new Set([REQUEST_ID_HEADER.toLowerCase(), 'date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
/** The cache's own requests to the app: they go on to it. */
const askedByCache = new WeakSet<IncomingMessage>();
// The fill's XSRF-TOKEN: with one, the app sets no cookie, and any Set-Cookie in its answer makes it not shareable.
const FILL_COOKIE = `${XSRF_COOKIE}=${'f'.repeat(43)}`;

/**
 * Asks the app for GET `path` over HTTP, as a visitor without cookies would, through a connection
 * made in memory (Node's HTTP server and client on both ends, no port). The answer is kept if
 * anyone may be given it: a 200, no cookie, not private, not already compressed.
 */
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

/** Two ends of a connection in memory: what one writes, the other reads. */
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
  // The app reads the visitor's address from its end (req.ip): the cache asks from this machine.
  Object.defineProperty(ends[1], 'remoteAddress', { value: '127.0.0.1' });
  return [ends[0]!, ends[1]!];
}

type Encoding = 'br' | 'gzip' | 'identity';
// Browsers send one of a handful of Accept-Encoding values: each is parsed once.
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

/** What `cachedAnswers` gives the app: the middleware, and the fast path in front of Express. */
export interface CachedAnswers {
  middleware: RequestHandler;
  /**
   * Answers a request from the cache without Express when the answer is certainly current, and
   * logs it as the request logger would; false leaves the request to Express (and the middleware).
   */
  fast: (req: IncomingMessage, res: ServerResponse) => boolean;
}

/** A cache key: the path, then the values of the headers in VARIES_ON, one per line. */
const keyOf = (path: string, req: IncomingMessage) => `${path}\n${req.headers.host ?? ''}\n${req.headers['x-forwarded-host'] ?? ''}\n${req.headers['x-forwarded-proto'] ?? ''}`;
/** The path a cache key stands for. */
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
 * Answers anonymous GETs and HEADs of public pages and of the read API from the response cache
 * (ADR 029): the app's own answer to the same request, recorded once and replayed in the encoding
 * the browser takes, with an ETag, and 304 when the browser already has it. A staff member's
 * change through this instance clears the cache at once.
 */
export function cachedAnswers({ cache, app, secureCookies, logger }: Options): CachedAnswers {
  // Never listens: the cache hands it connections made in memory.
  const appServer = createServer((req, res) => {
    askedByCache.add(req);
    app(req, res);
  });
  // An answer's header lists, made once per cached answer (one per encoding, and the 304's):
  // writeHead takes a flat list as is, and each request only adds its own id and cookie.
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
    // In the list, not res.setHeader: one header set that way sends writeHead down its slow path,
    // which sets and checks every other header one by one.
    if (requestId !== undefined) headers.push(REQUEST_ID_HEADER, requestId);
    if (!hasXsrfCookie(req.headers.cookie)) headers.push('Set-Cookie', xsrfCookie(secureCookies));
    if (notModified) res.writeHead(304, headers).end();
    else res.writeHead(200, headers).end(req.method === 'HEAD' ? undefined : bodyOf(found, encoding));
  };
  const requestLine = cachedAnswerLines(logger);

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Staff changes (back office forms) through this instance show at once on its pages.
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
    // The whole answer was handed to the socket just now: its line is written at once, with no
    // 'finish' listener per request. The path is already as loggableUrl would leave it.
    requestLine?.({ id, method: req.method ?? 'GET', url: path, statusCode: res.statusCode, responseTime: Math.round(performance.now() - started) });
    return true;
  };

  return { middleware, fast };
}
