import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/staff';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'staff') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'Our Staff');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentIntro heading={page?.heading ?? 'Our Staff'} />;
}
