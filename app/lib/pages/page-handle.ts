import { useMatches, useRouteError } from 'react-router';
import { publicPage, type PublicPath } from '../../../common/public-pages';

/** What a public route module tells the root about its page (React Router's `handle`). */
export interface PageHandle {
  /** Whether the page loads React; from the table of public pages. */
  javascript: boolean;
}

/** The `handle` of the route module of `path`, from the table of public pages. */
export const pageHandle = (path: PublicPath): PageHandle => ({ javascript: publicPage(path).javascript });

const isPageHandle = (handle: unknown): handle is PageHandle => typeof (handle as PageHandle | undefined)?.javascript === 'boolean';

/**
 * Whether the page being rendered loads React (React Router's documented way to ship no
 * JavaScript: a route `handle` read in the root). The deepest route that says decides; a route that
 * says nothing (the back office) loads it. An error page (not found, or a failure) loads none.
 */
export function usePageLoadsScripts(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  if (error) return false;
  const decided = matches.findLast((match) => isPageHandle(match.handle));
  return decided ? (decided.handle as PageHandle).javascript : true;
}
