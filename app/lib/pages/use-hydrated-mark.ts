import { useEffect } from 'react';

/** Only the tests read it; the root's effect runs after every child's, so the whole page is live. */
export function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}
