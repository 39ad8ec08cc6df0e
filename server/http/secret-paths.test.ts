import { describe, expect, it } from 'vitest';
import { loggableUrl } from './middleware/request-context';
import { REDACTED, SECRET_PATHS } from './secret-paths';

const KEY = 'Zr8kQwXy3vN0pLm5tGh7jKd2sFa9cVb1';

/** A real address of each pattern, with KEY as its secret and ids elsewhere. */
const example = (pattern: string) => pattern.replace(':secret', KEY).replace(/:any/g, '46');

/** Every way the router still reaches the same page or call. */
const spellings: [string, (path: string) => string][] = [
  ['as written', (p) => p],
  ['with .data', (p) => `${p}.data`],
  ['upper case', (p) => p.replace(/[a-z]+(?=\/)/g, (s) => s.toUpperCase())],
  ['a letter percent-encoded', (p) => p.replace(/^\/(a?[a-z])/, (_m, s: string) => `/%${s.charCodeAt(0).toString(16)}${s.slice(1)}`)],
  ['backslashes', (p) => p.replace(/\//g, '\\')],
  ['doubled slashes', (p) => p.replace(/\//g, '//')],
  ['a query string', (p) => `${p}?utm_source=mail&email=donor%40example.org`],
  ['more segments after it', (p) => `${p}/pdf`],
];

describe('loggableUrl over SECRET_PATHS', () => {
  it.each(SECRET_PATHS.flatMap((pattern) => spellings.map(([name, spell]) => [pattern, name, spell(example(pattern))] as const)))(
    '%s, %s: the key is gone',
    (_pattern, _name, url) => {
      const logged = loggableUrl(url)!;
      expect(logged).not.toContain(KEY);
      expect(logged).toContain(REDACTED);
      expect(logged).not.toContain('?');
    },
  );

  it('keeps what is not a key', () => {
    expect(loggableUrl('/api/receipts/46/abc/pdf')).toBe('/api/receipts/46/[redacted]/pdf');
    expect(loggableUrl('/api/statements/46/2026/abc/pdf')).toBe('/api/statements/46/2026/[redacted]/pdf');
    expect(loggableUrl('/admin/invite/abc.data')).toBe('/admin/invite/[redacted]');
    expect(loggableUrl('/RESET/abc')).toBe('/RESET/[redacted]');
  });

  it.each(['/events/3', '/admin/invite', '/admin/invite.data', '/receipts/46', '/api/user/receipts/46', '/giving/manage', '/admin/donations', '/verify'])(
    '%s is logged as it is',
    (path) => {
      expect(loggableUrl(path)).toBe(path);
    },
  );

  it('drops every query string', () => {
    expect(loggableUrl('/giving/manage?plan=4&sig=abc')).toBe('/giving/manage');
    expect(loggableUrl('/api/giving/plan?plan=4&sig=abc')).toBe('/api/giving/plan');
  });
});
