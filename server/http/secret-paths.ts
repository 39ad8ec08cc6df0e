/** Paths carrying a key (`:secret`); one list, so the log redacts every such path. */
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

function routed(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** Matches as React Router and Express do: any case, percent-encoding, `\` for `/`, repeated slashes, `.data`. */
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
