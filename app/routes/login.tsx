import { PageHeader } from '../components/PageHeader';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Log in to your profile', 'Log in to sign up for events and see your dashboard.');

export default function Page() {
  return <PageHeader title="Log in to your profile" />;
}
