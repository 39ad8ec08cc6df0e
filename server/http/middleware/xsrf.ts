import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Gives the browser its XSRF-TOKEN cookie (also on answers from the response cache). */
export function issueXsrfCookie(res: ServerResponse, secureCookie: boolean): void {
  res.appendHeader('Set-Cookie', `${XSRF_COOKIE}=${randomBytes(32).toString('base64url')}; Path=/; SameSite=Strict${secureCookie ? '; Secure' : ''}`);
}

/** Whether a raw Cookie header already carries a usable XSRF-TOKEN (before cookie-parser runs). */
export const hasXsrfCookie = (cookieHeader: string | undefined) => cookieHeader !== undefined && /(?:^|;\s*)XSRF-TOKEN=[^;]{32,}/.test(cookieHeader);

/**
 * Double-submit XSRF protection (spec §7): every response carries an XSRF-TOKEN cookie the page
 * can read, and an unsafe /api call must echo it in X-XSRF-TOKEN. Cross-site pages can neither
 * read the cookie nor set the header. Paths in `exempt` (the signed payment webhook) skip it.
 */
export function xsrfProtection({ secureCookie, exempt }: { secureCookie: boolean; exempt: string[] }): RequestHandler {
  const exemptPaths = new Set(exempt.map((p) => p.toLowerCase()));
  return (req, res, next) => {
    const cookie: unknown = req.cookies?.[XSRF_COOKIE];
    const token = typeof cookie === 'string' && cookie.length >= 32 ? cookie : null;
    if (!token) issueXsrfCookie(res, secureCookie);
    // Express routes without regard to letter case, so /API/… and /Api/… reach the API too.
    const path = req.path.toLowerCase();
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi || SAFE_METHODS.has(req.method) || exemptPaths.has(path)) return next();
    const header = req.get(XSRF_HEADER);
    if (token && header && same(token, header)) return next();
    res.status(403).json({ xsrf: 'Missing or invalid XSRF token. Reload the page and try again.' });
  };
}
