/**
 * Addresses whose path carries a key: whoever reads it can use it. `:secret` marks the segment that
 * is the key, `:any` a segment that is not; what follows the secret (`/pdf`) is kept. One list, so
 * a new link with a key in its path is redacted everywhere the log writes a path.
 */
export const SECRET_PATHS = [
  '/reset/:secret', // set a supporter's password (an hour)
  '/verify/:secret', // confirm a supporter's email
  '/admin/invite/:secret', // set a staff member's password (72 hours)
  '/receipts/:any/:secret', // a receipt, for ever
  '/api/receipts/:any/:secret', // its PDF
  '/api/statements/:any/:any/:secret', // a year's tax statement PDF
] as const;

export const REDACTED = '[redacted]';

const patterns = SECRET_PATHS.map((pattern) => pattern.split('/').filter(Boolean));

/** A segment as the router compares it: percent-decoded (when it decodes) and lower-cased. */
function routed(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The path with the key of a secret address replaced by [redacted]. It matches as React Router and
 * Express do, whatever the spelling: any letter case, percent-encoded letters, `\` for `/`, repeated
 * slashes, and the `.data` React Router adds (it stays inside the redacted segment).
 */
export function redactSecretPath(path: string): string {
  const parts = path.split(/[\\/]/);
  const segments = parts.flatMap((text, index) => (text === '' ? [] : [{ text, index }]));
  const found = patterns.find(
    (pattern) => segments.length >= pattern.length && pattern.every((want, i) => want.startsWith(':') || want === routed(segments[i]!.text)),
  );
  if (!found) return path;
  found.forEach((want, i) => {
    if (want === ':secret') parts[segments[i]!.index] = REDACTED;
  });
  return parts.join('/');
}
