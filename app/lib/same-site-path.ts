/**
 * A path on this site a redirect may go to: it starts with one slash and holds printable ASCII
 * only. No `//host` or `/\host` (browsers read both as another site) and no control character,
 * U+2028 or space, which `redirect()` cannot put in a Location header (a crafted link would 500).
 */
export const isSameSitePath = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 500 && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) && !value.includes('\\');
