import { describe, expect, it } from 'vitest';
import { type AssetsManifest, formatTable, initialAssets, kb, matchRouteIds, staticUrlPath, uncoveredRoutes } from './weight-lib';

/** The shape of build/server/index.js `assets`, cut down to a few routes. */
const assets: AssetsManifest = {
  url: '/assets/manifest-1.js',
  entry: { module: '/assets/entry.js', imports: ['/assets/runtime.js', '/assets/react-dom.js'] },
  routes: {
    root: { id: 'root', path: '', module: '/assets/root.js', imports: ['/assets/runtime.js', '/assets/react-dom.js'], css: ['/assets/root.css'] },
    'routes/home': { id: 'routes/home', parentId: 'root', index: true, module: '/assets/home.js', imports: ['/assets/card.js'] },
    'routes/events': { id: 'routes/events', parentId: 'root', path: 'events', module: '/assets/events.js', imports: ['/assets/card.js'] },
    'routes/event-detail': { id: 'routes/event-detail', parentId: 'root', path: 'events/:eventNumber', module: '/assets/detail.js', css: ['/assets/detail.css'] },
    'routes/admin': { id: 'routes/admin', parentId: 'root', path: 'admin', module: '/assets/admin.js' },
    'routes/admin-users': { id: 'routes/admin-users', parentId: 'routes/admin', path: 'users', module: '/assets/users.js' },
    'routes/sitemap': { id: 'routes/sitemap', parentId: 'root', path: 'sitemap.xml', hasDefaultExport: false, module: '/assets/sitemap.js' },
    'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*', module: '/assets/404.js' },
  },
};

describe('matchRouteIds', () => {
  it('matches the index, static and dynamic routes below the root', () => {
    expect(matchRouteIds(assets.routes, '/')).toEqual(['root', 'routes/home']);
    expect(matchRouteIds(assets.routes, '/events')).toEqual(['root', 'routes/events']);
    expect(matchRouteIds(assets.routes, '/events/6')).toEqual(['root', 'routes/event-detail']);
    expect(matchRouteIds(assets.routes, '/admin/users')).toEqual(['root', 'routes/admin', 'routes/admin-users']);
  });

  it('sends unknown paths to the splat route', () => {
    expect(matchRouteIds(assets.routes, '/no-such-page')).toEqual(['root', 'routes/not-found']);
  });
});

describe('initialAssets', () => {
  it('lists the entry, the root and the matched route with their imports, each file once, in load order', () => {
    expect(initialAssets(assets, ['root', 'routes/home'])).toEqual({
      js: ['/assets/entry.js', '/assets/runtime.js', '/assets/react-dom.js', '/assets/root.js', '/assets/home.js', '/assets/card.js'],
      css: ['/assets/root.css'],
    });
    expect(initialAssets(assets, ['root', 'routes/event-detail']).css).toEqual(['/assets/root.css', '/assets/detail.css']);
  });

  it('adds the full manifest module only when route discovery is not lazy', () => {
    expect(initialAssets(assets, ['root'], true).js).toContain('/assets/manifest-1.js');
    expect(initialAssets(assets, ['root'], false).js).not.toContain('/assets/manifest-1.js');
  });

  it('fails loudly on a route missing from the manifest', () => {
    expect(() => initialAssets(assets, ['root', 'routes/gone'])).toThrow(/routes\/gone/);
  });
});

describe('uncoveredRoutes and staticUrlPath', () => {
  it('names the page routes no URL reaches, except the root, splat and resource routes', () => {
    expect(uncoveredRoutes(assets.routes, ['/', '/events']).map((r) => r.id)).toEqual(['routes/event-detail', 'routes/admin', 'routes/admin-users']);
    expect(uncoveredRoutes(assets.routes, ['/', '/events', '/events/1', '/admin/users'])).toEqual([]);
  });

  it('builds a URL for static routes only', () => {
    expect(staticUrlPath(assets.routes, 'routes/admin-users')).toBe('/admin/users');
    expect(staticUrlPath(assets.routes, 'routes/home')).toBe('/');
    expect(staticUrlPath(assets.routes, 'routes/event-detail')).toBeUndefined();
  });
});

describe('formatting', () => {
  it('shows kB with one decimal (1 kB = 1000 bytes)', () => {
    expect(kb(100_000)).toBe('100.0');
    expect(kb(1_549)).toBe('1.5');
  });

  it('aligns table columns', () => {
    expect(formatTable(['url', 'kB'], [['/', '1.0'], ['/events', '12.5']], (column) => column === 1)).toBe(
      ['url        kB', '-------  ----', '/         1.0', '/events  12.5'].join('\n'),
    );
  });
});
