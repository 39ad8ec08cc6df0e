import { describe, expect, it } from 'vitest';
import { isSameSitePath } from './same-site-path';

describe('isSameSitePath', () => {
  it.each(['/dashboard', '/events/4?x=1', '/login?from=%2Fevents%2F4'])('takes %s', (path) => expect(isSameSitePath(path)).toBe(true));

  it.each(['', 'dashboard', '//evil.example', '/\\evil.example', '/a\\b', 'https://evil.example/', '/dash\r\nX: 1', '/a\u2028', '/a b', '/é', `/${'a'.repeat(600)}`, null, 42])(
    'refuses %j',
    (path) => expect(isSameSitePath(path)).toBe(false),
  );
});
