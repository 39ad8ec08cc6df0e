/** The route pattern of the read API anyone may call at /api`path` (the routers' own), or null: the response cache keeps these answers, and the request metrics name them by it. */
export function publicReadPattern(path: string): string | null {
  if (path === '/events/upcoming' || path === '/events/all' || path === '/content/all') return path;
  return /^\/events\/\d{1,9}$/.test(path) ? '/events/:number' : null;
}
