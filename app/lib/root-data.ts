import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root';

/** What the root loader gives every page: the site settings, the canonical URL, the card form. */
export const useRootData = () => useRouteLoaderData<typeof loader>('root');
