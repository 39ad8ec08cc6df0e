import type { RequestHandler } from 'express';

/** E.g. `/%E0%A4%A`: the client's error, 400 not 500. */
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

/** Only http-errors (which carry a boolean `expose`) are the client's; an SDK's 401 for a revoked key stays a 500. */
export function clientErrorStatus(error: unknown): number | null {
  const e = error as { status?: unknown; statusCode?: unknown; expose?: unknown } | null;
  if (typeof e?.expose !== 'boolean') return null;
  const status = e.status ?? e.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** React Router's adapter throws on a Host or target it cannot parse; here it is the client's 400, not a 500. */
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
