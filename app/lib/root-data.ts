import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root';

export const useRootData = () => useRouteLoaderData<typeof loader>('root');
