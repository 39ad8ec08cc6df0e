import { pathPattern, PUBLIC_PAGES } from '../../common/public-pages';
import { publicReadPattern } from './api/public-reads';

/** The same for every visitor and query string (but ?preview). */
const CACHED_PAGES = PUBLIC_PAGES.filter((page) => page.cached).map((page) => ({ pattern: pathPattern(page.path), readsQuery: page.readsQuery === true }));

const PREVIEW = /[?&]preview(=|&|$)/;
/** Pages may answer a signed-in visitor differently (ADR 043). */
const SIGNED_IN = /(?:^|;\s*)(?:__Host-)?session=/;
const API = '/api/';

/** Answers the same for everyone: the response cache keeps them (ADR 029) and they go without COOP (ADR 038). */
export function publicAnswerPath(method: string | undefined, url: string, authorization: string | undefined, cookie: string | undefined): string | null {
  if (method !== 'GET' && method !== 'HEAD') return null;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  // A draft preview is for the staff member who asked.
  if (query !== -1 && PREVIEW.test(url.slice(query))) return null;
  // A signed-in API call is not anonymous.
  if (path.startsWith(API)) return authorization === undefined && publicReadPattern(path.slice(API.length - 1)) !== null ? path : null;
  if (cookie !== undefined && SIGNED_IN.test(cookie)) return null;
  const page = CACHED_PAGES.find((cached) => cached.pattern.test(path));
  return page && !(page.readsQuery && query !== -1) ? path : null;
}
