import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/golfers';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'golfers') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'Golf Professionals');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentIntro heading={page?.heading ?? 'Golf Professionals'} intro={page?.intro} />;
}
