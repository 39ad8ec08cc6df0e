import { PageHeader } from '../components/PageHeader';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'My Dashboard', 'Your donations and event sign-ups.');

export default function Page() {
  return <PageHeader title="My Dashboard" />;
}
