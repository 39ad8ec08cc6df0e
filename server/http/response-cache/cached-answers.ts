import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createRequestHandler } from 'react-router';
import type { AppServices } from '../../../common/load-context';
import { pathPattern, PUBLIC_PAGES } from '../../../common/public-pages';
import { isBackOfficePath } from '../admin/back-office-path';
import { publicReadAt, publicReadPattern } from '../api/public-reads';
import { hasXsrfCookie, xsrfCookie } from '../middleware/xsrf';
import { cachedAnswerLines, type Logger } from '../../logger';
import { newRequestId } from '../middleware/request-context';
import type { CachedResponse, Rendered, ResponseCache } from './response-cache';

/** Public pages whose HTML is the same for every visitor and every query string (but ?preview): the table's `cached` ones. */
const CACHED_PAGES = PUBLIC_PAGES.filter((page) => page.cached).map((page) => ({ pattern: pathPattern(page.path), readsQuery: page.readsQuery === true }));

interface Options {
  cache: ResponseCache;
  services: AppServices;
  build: ServerBuild;
  /** The load context of an anonymous visitor: the same for every request. */
  loadContext: () => AppLoadContext;
  siteOrigin: () => string;
  /** Headers every answer carries (security headers); a page's own CSP replaces the general one. */
  fixedHeaders: Record<string, string>;
  secureCookies: boolean;
  /** Runs before a page is answered, as it would on the way to the renderer (refuses unusable Host headers). */
  pageGuard: RequestHandler;
  /** Where the fast path logs the requests it answers (the request logger's format). */
  logger: Logger;
}

const KEPT_HEADERS = ['content-type', 'content-security-policy', 'cache-control', 'x-robots-tag', 'link'];

async function renderPage(handler: ReturnType<typeof createRequestHandler>, url: string, loadContext: AppLoadContext, fixed: Record<string, string>): Promise<Rendered | null> {
  const response = await handler(new Request(url, { headers: { accept: 'text/html' } }), loadContext);
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (response.status !== 200 || response.headers.has('set-cookie') || /private|no-store/.test(cacheControl)) {
    await response.body?.cancel();
    return null;
  }
  const headers: Record<string, string> = { ...fixed };
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  headers['cache-control'] ??= 'no-cache';
  return { headers, body: Buffer.from(await response.arrayBuffer()) };
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

const PREVIEW = /[?&]preview(=|&|$)/;
/** A supporter's session cookie (ADR 043): pages may answer a signed-in visitor differently (Login sends them on). */
const SIGNED_IN = /(?:^|;\s*)(?:__Host-)?session=/;
const API = '/api/';
// A Host the page renderer can build a URL from; anything else takes the slow path (and its 400).
const PLAIN_HOST = /^(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])(?::(?:[1-5]?\d{1,4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5]))?$/;

/**
 * Answers anonymous GETs and HEADs of public pages and of the read API from the response cache
 * (ADR 029): the stored bytes in the encoding the browser takes, with an ETag, and 304 when the
 * browser already has them. A staff member's change through this instance clears the cache at once.
 */
export function cachedAnswers({ cache, services, build, loadContext, siteOrigin, fixedHeaders, secureCookies, pageGuard, logger }: Options): CachedAnswers {
  const pages = createRequestHandler(build, 'production');
  const apiHeaders = { ...fixedHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' };

  /** The cache key of a request the cache answers (its path), or null when it is not the cache's to answer. */
  const keyOf = (method: string | undefined, url: string, authorization: string | undefined, cookie: string | undefined): string | null => {
    if (method !== 'GET' && method !== 'HEAD') return null;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    // A draft preview is for the staff member who asked.
    if (query !== -1 && PREVIEW.test(url.slice(query))) return null;
    // A signed-in API call is not anonymous.
    if (path.startsWith(API)) return authorization === undefined && publicReadPattern(path.slice(API.length - 1)) !== null ? path : null;
    if (cookie !== undefined && SIGNED_IN.test(cookie)) return null;
    const page = CACHED_PAGES.find((cached) => cached.pattern.test(path));
    return page && !(page.readsQuery && query !== -1) ? path : null;
  };
  const isPage = (key: string) => !key.startsWith(API);

  /** Makes the answer for a key keyOf gave. */
  const renderOf = (key: string): (() => Promise<Rendered | null>) => {
    if (isPage(key)) return () => renderPage(pages, `${siteOrigin()}${key}`, loadContext(), fixedHeaders);
    const read = publicReadAt(services, key.slice(API.length - 1))!;
    return async () => {
      try {
        return { headers: apiHeaders, body: Buffer.from(JSON.stringify(await read())) };
      } catch {
        return null; // the router answers it (404, 400) as usual
      }
    };
  };

  // An answer's header lists, made once per cached answer (one per encoding, and the 304's):
  // writeHead takes a flat list as is, and each request only adds its own id and cookie.
  const headerLists = new WeakMap<CachedResponse, { ok: Record<Encoding, string[]>; notModified: string[] }>();
  const headersOf = (found: CachedResponse) => {
    let lists = headerLists.get(found);
    if (!lists) {
      const common = ['ETag', found.etag, 'Vary', 'Accept-Encoding', ...Object.entries(found.headers).flat()];
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
    if (requestId !== undefined) headers.push('X-Request-Id', requestId);
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
    const key = keyOf(req.method, req.originalUrl, req.headers.authorization, req.headers.cookie);
    if (key === null) return next();
    const answer = () => cache.get(key, renderOf(key)).then((cached) => (cached ? write(req, res, cached) : next()), next);
    if (isPage(key)) pageGuard(req, res, answer);
    else answer();
  };

  const fast = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* / */) return false;
    const key = keyOf(req.method, url, req.headers.authorization, req.headers.cookie);
    if (key === null) return false;
    if (isPage(key) && (!PLAIN_HOST.test(req.headers.host ?? '') || req.headers['x-forwarded-host'] !== undefined)) return false;
    const cached = cache.peek(key);
    if (!cached) return false;
    const started = performance.now();
    const id = newRequestId(req);
    write(req, res, cached, id);
    // The whole answer was handed to the socket just now: its line is written at once, with no
    // 'finish' listener per request. The key is the path, already as loggableUrl would leave it.
    requestLine?.({ id, method: req.method ?? 'GET', url: key, statusCode: res.statusCode, responseTime: Math.round(performance.now() - started) });
    return true;
  };

  return { middleware, fast };
}
