import { describe, expect, it } from 'vitest';
import { afterSignIn, safeNext } from './sign-in.server';

describe('safeNext', () => {
  it.each(['/admin/donations', '/admin/payments/12?x=1', '/admin/donations?q=%0A'])('keeps the back-office path %s', (next) => {
    expect(safeNext(next)).toBe(next);
  });

  it.each([
    ['a line feed', '/admin\nX-Injected: 1'],
    ['CR LF', '/admin\r\nX-Injected: 1'],
    ['NUL', '/admin\u0000'],
    ['a tab', '/admin\tx'],
    ['DEL', '/admin\u007f'],
    ['U+2028', '/admin\u2028'],
    ['U+2029', '/admin\u2029'],
    ['a space', '/admin/donations x'],
    ['a letter past ASCII', '/admin/é'],
  ])('refuses %s and falls back to /admin', (_name, next) => {
    expect(safeNext(next)).toBe('/admin');
    // What the sign-in step does with it: a redirect, never a throw.
    expect(afterSignIn('full', ['staff_session=x'], safeNext(next)).headers.get('location')).toBe('/admin');
  });

  it.each(['//evil.example', '/admin\\evil', 'https://evil.example/admin', '/admin/login?next=/x', null, ''])('refuses %s', (next) => {
    expect(safeNext(next)).toBe('/admin');
  });
});
