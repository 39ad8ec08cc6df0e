import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/family-of-the-year';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'family_of_the_year') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'Family of the Year');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentIntro heading={page?.heading ?? 'Family of the Year'} intro={page?.intro} />;
}
