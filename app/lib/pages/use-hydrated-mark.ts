import { useEffect } from 'react';

/**
 * Marks `<html data-hydrated>` once React runs the page (the root's effect runs after every
 * child's, so the whole page is live). Only the tests read it: a page without scripts never has it.
 */
export function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}
