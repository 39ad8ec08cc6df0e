/**
 * The public routes the measurements cover: the pages the table of public pages marks `measured`
 * (common/public-pages.ts) and the read API. `npm run bench` (every page and the read API),
 * `npm run lighthouse`, `npm run weight` and `npm run first-interaction` read them.
 *
 * Two of the pages need a real id: an event page (/events/N) and a gallery album (/gallery/TOKEN).
 * They are taken from the running site (`samplesFromSite`) or, with no server, from the content
 * the site is seeded with (`samplesFromContent`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fillPath, PUBLIC_PAGES } from '../common/public-pages';

export interface PublicRoute {
  /** A short label for tables ("Home", "Event page", "GET upcoming events"). */
  name: string;
  path: string;
  kind: 'page' | 'api';
  /** A page that loads React on arrival (false: none at all); an API answer has none. */
  javascript: boolean;
}

/** The ids the dynamic routes need. */
export interface SiteSamples {
  eventNumber: number;
  galleryToken: string;
}

/** Every public page a visitor can open without an account or a secret link (the table's `measured` ones). */
export function publicPages({ eventNumber, galleryToken }: SiteSamples): PublicRoute[] {
  return PUBLIC_PAGES.filter((page) => page.measured).map((page) => ({
    name: page.title,
    path: fillPath(page.path, { eventNumber, token: galleryToken }),
    kind: 'page',
    javascript: page.javascript,
  }));
}

/**
 * The public GET routes of server/http/api: everything a visitor's browser (or anyone) may read
 * without a token or a signed link. (The account, receipt and giving-plan GETs need one.)
 */
export function readApi({ eventNumber }: SiteSamples): PublicRoute[] {
  const routes: [string, string][] = [
    ['API upcoming events', '/api/events/upcoming'],
    ['API all events', '/api/events/all'],
    ['API one event', `/api/events/${eventNumber}`],
    ['API all content', '/api/content/all'],
  ];
  return routes.map(([name, path]) => ({ name, path, kind: 'api', javascript: false }));
}

/**
 * The routes a run is limited to: `only` is a comma-separated list of paths (e.g. "/,/events/6")
 * or of names (case-insensitive); empty or undefined keeps them all. An entry that matches nothing
 * is an error, so a typo never silently measures nothing.
 */
export function selectRoutes<R extends { name: string; path: string }>(routes: R[], only: string | undefined): R[] {
  const wanted = (only ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (wanted.length === 0) return routes;
  const matches = (route: R, entry: string) => route.path === entry || route.name.toLowerCase() === entry.toLowerCase();
  const unknown = wanted.filter((entry) => !routes.some((route) => matches(route, entry)));
  if (unknown.length > 0) throw new Error(`no such route: ${unknown.join(', ')} (known: ${routes.map((r) => r.path).join(' ')})`);
  return routes.filter((route) => wanted.some((entry) => matches(route, entry)));
}

interface EventLike {
  eventNumber?: unknown;
}

/** The next upcoming event, else the highest-numbered event there is. */
export function pickEventNumber(upcoming: unknown, all: unknown): number | undefined {
  const numbers = (list: unknown) =>
    (Array.isArray(list) ? (list as EventLike[]) : []).map((e) => e?.eventNumber).filter((n): n is number => typeof n === 'number' && Number.isSafeInteger(n));
  const next = numbers(upcoming)[0];
  if (next !== undefined) return next;
  const every = numbers(all);
  return every.length > 0 ? Math.max(...every) : undefined;
}

/** The first album of the gallery page, from `GET /api/content/all` ([{ page, data }]) or gallery.json's data. */
export function pickGalleryToken(content: unknown): string | undefined {
  const gallery =
    Array.isArray(content) ? (content as { page?: unknown; data?: unknown }[]).find((p) => p?.page === 'gallery')?.data : content;
  const token = (gallery as { galleries?: { token?: unknown }[] } | undefined)?.galleries?.[0]?.token;
  return typeof token === 'string' ? token : undefined;
}

/** The samples as the running site at `origin` serves them (its own database, its own date). */
export async function samplesFromSite(origin: string): Promise<SiteSamples> {
  const json = async (urlPath: string): Promise<unknown> => {
    const res = await fetch(`${origin}${urlPath}`);
    if (!res.ok) throw new Error(`GET ${urlPath} answered ${res.status}`);
    return res.json();
  };
  const upcoming = await json('/api/events/upcoming');
  const eventNumber = pickEventNumber(upcoming, ((await json('/api/events/all')) as { event?: unknown }).event);
  const galleryToken = pickGalleryToken(await json('/api/content/all'));
  if (eventNumber === undefined) throw new Error('the site has no event: no event page to measure');
  if (galleryToken === undefined) throw new Error('the site has no gallery album: no album page to measure');
  return { eventNumber, galleryToken };
}

/** The samples from the content files the site is seeded with (no server needed). */
export function samplesFromContent(contentDir: string): SiteSamples {
  const read = (file: string): unknown => JSON.parse(readFileSync(path.join(contentDir, file), 'utf8'));
  const events = read('events.json') as (EventLike & { active?: unknown })[];
  const eventNumber = pickEventNumber(
    events.filter((e) => e.active === true),
    events,
  );
  const galleryToken = pickGalleryToken(read('gallery.json'));
  if (eventNumber === undefined || galleryToken === undefined) throw new Error(`${contentDir} has no event or no gallery album`);
  return { eventNumber, galleryToken };
}
