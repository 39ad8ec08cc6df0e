import type { AppServices } from '../../../common/load-context';

/** The read API anyone may call: the routers answer with these, and the response cache keeps their answers (ADR 029). */
export const publicReads = {
  upcomingEvents: (services: AppServices) => services.events.upcoming(),
  allEvents: async (services: AppServices) => ({ event: await services.events.all() }),
  event: (services: AppServices, number: string) => services.events.byNumber(number),
  allContent: (services: AppServices) => services.content.all(),
};

/** The route pattern of the public read at /api`path` (the routers' own), for the request metrics of cached answers. */
export function publicReadPattern(path: string): string | null {
  if (path === '/events/upcoming' || path === '/events/all' || path === '/content/all') return path;
  return /^\/events\/\d{1,9}$/.test(path) ? '/events/:number' : null;
}

/** The public read answering GET /api`path`, or null. A read that throws (no such event) is not cached. */
export function publicReadAt(services: AppServices, path: string): (() => Promise<unknown>) | null {
  if (path === '/events/upcoming') return () => publicReads.upcomingEvents(services);
  if (path === '/events/all') return () => publicReads.allEvents(services);
  if (path === '/content/all') return () => publicReads.allContent(services);
  const event = /^\/events\/(\d{1,9})$/.exec(path);
  return event ? () => publicReads.event(services, event[1]!) : null;
}
