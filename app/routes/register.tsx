import { PageHeader } from '../components/PageHeader';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/register';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Register with us', 'Create an account to sign up for events and follow your gifts.');

export default function Page() {
  return <PageHeader title="Register with us" />;
}
