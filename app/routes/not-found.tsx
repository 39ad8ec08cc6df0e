import { data } from 'react-router';
import { pageHandle } from '../lib/pages/page-handle';

/** Any path the route table does not know: the root error boundary shows the not-found screen. */
export function loader() {
  throw data(null, { status: 404 });
}

export const handle = pageHandle('*');

export default function NotFoundRoute() {
  return null;
}
