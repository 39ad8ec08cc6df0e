/** The `route` label: always a pattern, never a raw address, so the number of series stays small. */

export interface PageRouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}

interface PagePattern {
  pattern: string;
  regex: RegExp;
  dynamic: number;
}

export interface PagePatterns {
  match(path: string): string | null;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Catch-all routes (404 pages) are left to `other`. */
export function pagePatterns(routes: Record<string, PageRouteEntry | undefined>): PagePatterns {
  const fullPath = (entry: PageRouteEntry): string => {
    const parts: string[] = [];
    for (let at: PageRouteEntry | undefined = entry; at; at = at.parentId ? routes[at.parentId] : undefined) {
      if (at.path) parts.unshift(at.path.replace(/^\/+|\/+$/g, ''));
    }
    return `/${parts.filter(Boolean).join('/')}`;
  };
  const patterns = new Map<string, PagePattern>();
  for (const entry of Object.values(routes)) {
    // Pathless layouts only group their children.
    if (!entry || (!entry.path && !entry.index && entry.parentId !== undefined)) continue;
    const pattern = fullPath(entry);
    if (pattern.includes('*') || patterns.has(pattern)) continue;
    let dynamic = 0;
    const source = pattern
      .split('/')
      .slice(1)
      .map((segment) => {
        if (!segment.startsWith(':')) return `/${escape(segment)}`;
        dynamic += 1;
        return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      })
      .join('');
    patterns.set(pattern, { pattern, regex: new RegExp(`^${source}/?$`, 'i'), dynamic });
  }
  // Fixed paths before parameters: /admin/events/new is not /admin/events/:eventNumber.
  const ordered = [...patterns.values()].sort((a, b) => a.dynamic - b.dynamic);
  return {
    match: (path) => ordered.find((p) => p.regex.test(path))?.pattern ?? null,
  };
}

export const NO_PAGES: PagePatterns = { match: () => null };

export type CachedApiPattern = (path: string) => string | null;

export function routeLabel({ path, matched, status, pages, cachedApi = () => null }: { path: string; matched: string | undefined; status: number; pages: PagePatterns; cachedApi?: CachedApiPattern }): string {
  if (path.startsWith('/assets/')) return '/assets/*';
  if (path.startsWith('/media/')) return '/media/*';
  // Not a catch-all (the page handler's /{*path}); a router's root loses its trailing slash.
  const express = matched !== undefined && !matched.includes('*') ? matched.replace(/(.)\/$/, '$1') : undefined;
  if (path === '/api' || path.startsWith('/api/')) {
    const cached = express ? null : cachedApi(path.slice('/api'.length));
    return express ?? (cached ? `/api${cached}` : 'other');
  }
  if (express) return express;
  // React Router's data requests: /events.data, and /_root.data for the home page.
  if (path.endsWith('.data')) {
    const page = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length);
    const pattern = pages.match(page);
    return pattern ? `${pattern === '/' ? '/_root' : pattern}.data` : 'other';
  }
  const pattern = pages.match(path);
  if (pattern) return pattern;
  // Public files beside the pages; one bucket, and only when they exist.
  if (status < 400 && /^\/[^/]+\.[a-z0-9]+$/i.test(path)) return '/:file';
  return 'other';
}
