import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createRequestHandler } from 'react-router';
import type { AppServices } from '../../../common/load-context';
import { publicReadAt } from '../api/public-reads';
import { hasXsrfCookie, issueXsrfCookie } from '../middleware/xsrf';
import type { Rendered, ResponseCache } from './response-cache';

/** Public pages whose HTML is the same for every visitor and every query string (but ?preview). */
const PUBLIC_PAGES = [
  /^\/$/,
  /^\/(cof|family|staff|golfers|events|scholarship|family_of_the_year|gallery|sponsors|privacy|terms|login|register|forgot)$/,
  /^\/events\/\d{1,9}$/,
  /^\/gallery\/[A-Za-z0-9_-]{1,64}$/,
  /^\/(sitemap\.xml|robots\.txt)$/,
];

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

function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
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

const sameEtag = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/**
 * Answers anonymous GETs and HEADs of public pages and of the read API from the response cache
 * (ADR 029): the stored bytes in the encoding the browser takes, with an ETag, and 304 when the
 * browser already has them. A staff member's change through this instance clears the cache at once.
 */
export function cachedAnswers({ cache, services, build, loadContext, siteOrigin, fixedHeaders, secureCookies, pageGuard }: Options): RequestHandler {
  const pages = createRequestHandler(build, 'production');
  const apiHeaders = { ...fixedHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' };
  const answer = (req: Request, res: Response, next: NextFunction, key: string, render: () => Promise<Rendered | null>) => {
    cache.get(key, render).then((found) => {
      if (!found) return next();
      if (!hasXsrfCookie(req.headers.cookie)) issueXsrfCookie(res, secureCookies);
      res.setHeader('ETag', found.etag);
      res.setHeader('Vary', 'Accept-Encoding');
      for (const [name, value] of Object.entries(found.headers)) res.setHeader(name, value);
      if (sameEtag(req.headers['if-none-match'], found.etag)) {
        res.statusCode = 304;
        res.end();
        return;
      }
      const encoding = encodingFor(req.headers['accept-encoding']);
      const body = encoding === 'br' ? found.br : encoding === 'gzip' ? found.gzip : found.identity;
      if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
      res.setHeader('Content-Length', body.length);
      res.statusCode = 200;
      res.end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // Staff changes (back office forms) through this instance show at once on its pages.
      if (/^\/admin(\/|\.data$|$)/.test(req.path)) res.on('finish', () => cache.clear());
      return next();
    }
    const raw = req.originalUrl;
    const query = raw.indexOf('?');
    const path = query === -1 ? raw : raw.slice(0, query);
    // A draft preview is for the staff member who asked.
    if (query !== -1 && /[?&]preview(=|&|$)/.test(raw.slice(query))) return next();
    if (PUBLIC_PAGES.some((page) => page.test(path))) {
      const render = () => renderPage(pages, `${siteOrigin()}${path}`, loadContext(), fixedHeaders);
      pageGuard(req, res, () => answer(req, res, next, path, render));
      return;
    }
    // A signed-in API call is not anonymous.
    const read = path.startsWith('/api/') && req.headers.authorization === undefined ? publicReadAt(services, path.slice(4)) : null;
    if (!read) return next();
    answer(req, res, next, path, async () => {
      try {
        return { headers: apiHeaders, body: Buffer.from(JSON.stringify(await read())) };
      } catch {
        return null; // the router answers it (404, 400) as usual
      }
    });
  };
}
