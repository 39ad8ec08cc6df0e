import { useEffect } from 'react';
import { HYDRATED_EVENT } from './boot-script';

/**
 * Tells the boot script (and tests) that React now owns the page: held clicks and typed text are
 * replayed on this signal. The root's effect runs after every child's, so the whole page is live.
 */
export function useHydrationSignal() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
