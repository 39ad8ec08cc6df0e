/**
 * One leading slash and printable ASCII only: `//host` and `/\host` are other sites, and a control
 * character, U+2028 or space in a Location header would make `redirect()` throw.
 */
export const isSameSitePath = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 500 && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) && !value.includes('\\');
