import { data } from 'react-router';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/not-found';

/** Any path the route table does not know: the root error boundary shows the not-found screen. */
export function loader() {
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '404 - Page Not Found');

export default function NotFoundRoute() {
  return null;
}
