import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/family';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'family') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'In Loving Memory');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentIntro heading={page?.heading ?? 'In Loving Memory'} intro={page?.intro} />;
}
