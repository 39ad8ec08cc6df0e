import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the server HTML and during hydration, true once React runs the page. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
