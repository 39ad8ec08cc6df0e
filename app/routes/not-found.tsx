import { data } from 'react-router';
import { pageHandle } from '../lib/pages/page-handle';

/** The root error boundary shows the not-found screen. */
export function loader() {
  throw data(null, { status: 404 });
}

export const handle = pageHandle('*');

export default function NotFoundRoute() {
  return null;
}
