import { randomFillSync, timingSafeEqual } from 'node:crypto';
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

// Cut from a block filled 256 tokens at a time: one system call per 256 answers. Each byte is used once.
const TOKEN_BYTES = 32;
const pool = Buffer.alloc(TOKEN_BYTES * 256);
let used = pool.length;
function newToken(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const token = pool.toString('base64url', used, used + TOKEN_BYTES);
  used += TOKEN_BYTES;
  return token;
}

export const xsrfCookie = (secureCookie: boolean) => `${XSRF_COOKIE}=${newToken()}; Path=/; SameSite=Strict${secureCookie ? '; Secure' : ''}`;

/** The response cache sets xsrfCookie itself. */
export function issueXsrfCookie(res: ServerResponse, secureCookie: boolean): void {
  res.appendHeader('Set-Cookie', xsrfCookie(secureCookie));
}

/** Before cookie-parser runs. */
export const hasXsrfCookie = (cookieHeader: string | undefined) => cookieHeader !== undefined && /(?:^|;\s*)XSRF-TOKEN=[^;]{32,}/.test(cookieHeader);

/** Double-submit (spec §7): an unsafe /api call must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN. */
export function xsrfProtection({ secureCookie, exempt }: { secureCookie: boolean; exempt: string[] }): RequestHandler {
  const exemptPaths = new Set(exempt.map((p) => p.toLowerCase()));
  return (req, res, next) => {
    const cookie: unknown = req.cookies?.[XSRF_COOKIE];
    const token = typeof cookie === 'string' && cookie.length >= 32 ? cookie : null;
    if (!token) issueXsrfCookie(res, secureCookie);
    // Express routes case-insensitively, so /API/… reaches the API too.
    const path = req.path.toLowerCase();
    const isApi = path === '/api' || path.startsWith('/api/');
    if (!isApi || SAFE_METHODS.has(req.method) || exemptPaths.has(path)) return next();
    const header = req.get(XSRF_HEADER);
    if (token && header && same(token, header)) return next();
    res.status(403).json({ xsrf: 'Missing or invalid XSRF token. Reload the page and try again.' });
  };
}
