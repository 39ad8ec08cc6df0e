import { pathPattern, PUBLIC_PAGES } from '../../common/public-pages';
import { publicReadPattern } from './api/public-reads';

/** Public pages whose HTML is the same for every visitor and every query string (but ?preview): the table's `cached` ones. */
const CACHED_PAGES = PUBLIC_PAGES.filter((page) => page.cached).map((page) => ({ pattern: pathPattern(page.path), readsQuery: page.readsQuery === true }));

const PREVIEW = /[?&]preview(=|&|$)/;
/** A supporter's session cookie (ADR 043): pages may answer a signed-in visitor differently (Login sends them on). */
const SIGNED_IN = /(?:^|;\s*)(?:__Host-)?session=/;
const API = '/api/';

/**
 * The path of a request whose answer is the same for everyone who asks it (a public page or the
 * read API, asked anonymously, without ?preview; the query string ignored), or null. The response
 * cache keeps these answers (ADR 029), and they go without Cross-Origin-Opener-Policy (ADR 038).
 */
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
