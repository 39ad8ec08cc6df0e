import { data } from 'react-router';

/** Any path the route table does not know: the root error boundary shows the not-found screen. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
