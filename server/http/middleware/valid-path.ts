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

/** The 4xx status an error carries (http-errors style, e.g. from static files or body parsing), if any. */
export function clientErrorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}
