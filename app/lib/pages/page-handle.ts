import { useMatches, useRouteError } from 'react-router';
import { publicPage, type PublicPath } from '../../../common/public-pages';

export interface PageHandle {
  javascript: boolean;
}

export const pageHandle = (path: PublicPath): PageHandle => ({ javascript: publicPage(path).javascript });

const isPageHandle = (handle: unknown): handle is PageHandle => typeof (handle as PageHandle | undefined)?.javascript === 'boolean';

/** The deepest route that says decides; none saying (the back office) loads it; error pages load none. */
export function usePageLoadsScripts(): boolean {
  const matches = useMatches();
  const error = useRouteError();
  if (error) return false;
  const decided = matches.findLast((match) => isPageHandle(match.handle));
  return decided ? (decided.handle as PageHandle).javascript : true;
}
