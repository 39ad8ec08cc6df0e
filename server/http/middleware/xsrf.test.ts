import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hasXsrfCookie, issueXsrfCookie } from './xsrf';

const issued = (secure: boolean) => {
  const cookies: string[] = [];
  issueXsrfCookie({ appendHeader: (_name: string, value: string) => cookies.push(value) } as unknown as ServerResponse, secure);
  return cookies[0]!;
};

describe('issueXsrfCookie', () => {
  it('gives every answer a token of its own, across refills of the random pool', () => {
    const tokens = Array.from({ length: 1_000 }, () => /^XSRF-TOKEN=([A-Za-z0-9_-]{43}); Path=\/; SameSite=Strict$/.exec(issued(false))?.[1]);
    expect(tokens.every(Boolean)).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('marks the cookie Secure when asked, and the token is one the guard accepts', () => {
    const cookie = issued(true);
    expect(cookie).toMatch(/; Secure$/);
    expect(hasXsrfCookie(cookie.split(';')[0])).toBe(true);
  });
});
