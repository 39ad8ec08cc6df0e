import type { RequestHandler } from 'express';

/** A path whose percent-escapes do not decode (e.g. `/%E0%A4%A`) is the client's error: 400, not 500. */
export const rejectMalformedPaths: RequestHandler = (req, res, next) => {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    const message = 'This address is not valid.';
    if (req.path.startsWith('/api/')) res.status(400).json({ path: message });
    else res.status(400).type('text/plain').send(message);
  }
};

/**
 * The 4xx status of an HTTP-layer error (http-errors, as static files and body parsing make them,
 * always carry a boolean `expose`), if any. Other errors that merely carry a status (an SDK's 401
 * for a revoked key) are ours, not the client's: they stay 500s and are logged as errors.
 */
export function clientErrorStatus(error: unknown): number | null {
  const e = error as { status?: unknown; statusCode?: unknown; expose?: unknown } | null;
  if (typeof e?.expose !== 'boolean') return null;
  const status = e.status ?? e.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * React Router's Express adapter builds each page request's URL from the Host header (or a trusted
 * X-Forwarded-Host) and the request target, and throws on what it cannot parse (`Host: a b`, a port
 * past 65535, a request line naming a whole URL). Built the same way here, such a request is the
 * client's error: 400, not a 500 from deep inside the adapter.
 */
export const rejectUnusableHosts: RequestHandler = (req, res, next) => {
  try {
    if (!req.originalUrl.startsWith('/')) throw new Error('the request target is not a path');
    const forwarded = req.app.enabled('trust proxy') ? req.get('x-forwarded-host')?.split(':')[1] : undefined;
    const port = Number.parseInt(forwarded ?? req.get('host')?.split(':')[1] ?? '', 10);
    const hostname = req.hostname.split(/[\\/?#@]/)[0] || 'localhost';
    new URL(`${req.protocol}://${hostname}${Number.isSafeInteger(port) ? `:${port}` : ''}${req.originalUrl}`);
    next();
  } catch {
    res.status(400).type('text/plain').send('This request names an address this site cannot answer for.');
  }
};
