import { PageHeader } from '../components/PageHeader';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/logout';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Successfully logged out', 'You are signed out.');

export default function Page() {
  return <PageHeader title="Successfully logged out" />;
}
