import { describe, expect, it } from 'vitest';
import { NO_PAGES, pagePatterns, routeLabel, type PageRouteEntry } from './route-label';

// The shape of React Router's build.routes for a slice of app/routes.ts (prefix('admin') and a pathless layout included).
const routes: Record<string, PageRouteEntry> = Object.fromEntries(
  [
    { id: 'root', path: '' },
    { id: 'routes/home', parentId: 'root', index: true },
    { id: 'routes/events', parentId: 'root', path: 'events' },
    { id: 'routes/event-detail', parentId: 'root', path: 'events/:eventNumber' },
    { id: 'routes/receipt', parentId: 'root', path: 'receipts/:paymentId/:signature' },
    { id: 'routes/reset-password', parentId: 'root', path: 'reset/:token' },
    { id: 'routes/sitemap', parentId: 'root', path: 'sitemap.xml' },
    { id: 'routes/admin/layout', parentId: 'root' },
    { id: 'routes/admin/overview', parentId: 'routes/admin/layout', path: 'admin', index: true },
    { id: 'routes/admin/event-new', parentId: 'routes/admin/layout', path: 'admin/events/new' },
    { id: 'routes/admin/event-edit', parentId: 'routes/admin/layout', path: 'admin/events/:eventNumber/edit' },
    { id: 'routes/admin/optional', parentId: 'routes/admin/layout', path: 'admin/audit/:page?' },
    { id: 'routes/admin/not-found', parentId: 'routes/admin/layout', path: 'admin/*' },
    { id: 'routes/not-found', parentId: 'root', path: '*' },
  ].map((r) => [r.id, r]),
);
const pages = pagePatterns(routes);
const label = (path: string, status = 200, matched?: string) => routeLabel({ path, matched, status, pages });

describe('route labels', () => {
  it('gives a page the pattern of its route in app/routes.ts, never the address', () => {
    expect(label('/')).toBe('/');
    expect(label('/events')).toBe('/events');
    expect(label('/events/')).toBe('/events');
    expect(label('/EVENTS/12')).toBe('/events/:eventNumber');
    expect(label('/reset/abc.def.ghi')).toBe('/reset/:token');
    expect(label('/receipts/7/sig')).toBe('/receipts/:paymentId/:signature');
    expect(label('/sitemap.xml')).toBe('/sitemap.xml');
    expect(label('/admin')).toBe('/admin');
    expect(label('/admin/audit')).toBe('/admin/audit/:page?');
    expect(label('/admin/audit/3')).toBe('/admin/audit/:page?');
  });

  it('prefers a fixed path over a parameter', () => {
    expect(label('/admin/events/new')).toBe('/admin/events/new');
    expect(label('/admin/events/4/edit')).toBe('/admin/events/:eventNumber/edit');
  });

  it("labels React Router's data requests by their page", () => {
    expect(label('/_root.data')).toBe('/_root.data');
    expect(label('/events/3.data')).toBe('/events/:eventNumber.data');
    expect(label('/nothing/here.data', 404)).toBe('other');
  });

  it('puts unknown paths, catch-all 404 pages and unmatched /api calls in one bucket', () => {
    expect(label('/wp-login.php', 404)).toBe('other');
    expect(label('/events/3/extra', 404)).toBe('other');
    expect(label('/admin/no-such-page', 404)).toBe('other');
    expect(label('/admin/no-such-page', 404, '/{*path}')).toBe('other');
    expect(label('/api/nope', 404)).toBe('other');
    expect(routeLabel({ path: '/anything', matched: undefined, status: 404, pages: NO_PAGES })).toBe('other');
  });

  it("uses Express's matched pattern for /api and the server's own routes", () => {
    expect(label('/api/events/12', 200, '/api/events/:number')).toBe('/api/events/:number');
    expect(label('/api/stripe/webhook', 400, '/api/stripe/webhook/')).toBe('/api/stripe/webhook');
    expect(label('/healthz', 200, '/healthz')).toBe('/healthz');
    // Reads the response cache answers never reach the routers; they keep the routers' pattern.
    const cachedApi = (path: string) => (/^\/events\/\d+$/.test(path) ? '/events/:number' : null);
    expect(routeLabel({ path: '/api/events/12', matched: undefined, status: 200, pages, cachedApi })).toBe('/api/events/:number');
    expect(routeLabel({ path: '/api/users/12', matched: undefined, status: 404, pages, cachedApi })).toBe('other');
  });

  it('folds files into /assets/*, /media/* and, when they exist, /:file', () => {
    expect(label('/assets/entry.client-AbC123.js')).toBe('/assets/*');
    expect(label('/assets/missing.js', 404)).toBe('/assets/*');
    expect(label('/media/u/abcdef12/w640.avif', 200, '/media/u/:key/:name')).toBe('/media/*');
    expect(label('/favicon.svg')).toBe('/:file');
    expect(label('/favicon.png', 404)).toBe('other');
  });
});
