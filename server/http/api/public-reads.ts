/** The read API anyone may call; the response cache keeps these answers and the metrics name them by pattern. */
export function publicReadPattern(path: string): string | null {
  if (path === '/events/upcoming' || path === '/events/all' || path === '/content/all') return path;
  return /^\/events\/\d{1,9}$/.test(path) ? '/events/:number' : null;
}
