import { describe, expect, it } from 'vitest';
import { fillPath, pathPattern, PUBLIC_PAGES, publicPage } from './public-pages';

describe('the table of public pages', () => {
  it('lists each path and route module once', () => {
    expect(new Set(PUBLIC_PAGES.map((page) => page.path)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(PUBLIC_PAGES.map((page) => page.file)).size).toBe(PUBLIC_PAGES.length);
  });

  it('keeps personal pages out of the sitemap and the shared cache', () => {
    for (const path of ['/dashboard', '/account', '/logout', '/reset/:token', '/receipts/:paymentId/:signature'] as const) {
      expect(publicPage(path), path).toMatchObject({ sitemap: false, cached: false });
    }
  });

  it('caches only pages whose parameters have a pattern', () => {
    for (const page of PUBLIC_PAGES.filter((p) => p.cached)) expect(() => pathPattern(page.path), page.path).not.toThrow();
  });

  it('refuses a path it does not hold', () => {
    expect(() => publicPage('/nowhere' as never)).toThrow(/not in the table/);
  });
});

describe('pathPattern', () => {
  it('matches the page and nothing longer, shorter or with a parameter out of its pattern', () => {
    const event = pathPattern('/events/:eventNumber');
    expect(event.test('/events/16')).toBe(true);
    expect(event.test('/events/16/extra')).toBe(false);
    expect(event.test('/events/abc')).toBe(false);
    expect(event.test('/events/1234567890')).toBe(false);
    expect(pathPattern('/gallery/:token').test('/gallery/kx7m2p9q')).toBe(true);
    expect(pathPattern('/gallery/:token').test('/gallery/a.b')).toBe(false);
    expect(pathPattern('/sitemap.xml').test('/sitemapxxml')).toBe(false);
    expect(pathPattern('/').test('/')).toBe(true);
  });

  it('refuses a parameter it has no pattern for', () => {
    expect(() => pathPattern('/receipts/:paymentId/:signature')).toThrow(/no pattern for the parameter :paymentId/);
  });
});

describe('fillPath', () => {
  it('puts each value in its place, escaped', () => {
    expect(fillPath('/events/:eventNumber', { eventNumber: 6 })).toBe('/events/6');
    expect(fillPath('/receipts/:paymentId/:signature', { paymentId: 1, signature: 'a/b' })).toBe('/receipts/1/a%2Fb');
    expect(fillPath('/cof', {})).toBe('/cof');
  });

  it('refuses a path with a value missing', () => {
    expect(() => fillPath('/gallery/:token', {})).toThrow(/no value for :token/);
  });
});
