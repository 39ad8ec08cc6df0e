import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/sponsors';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'sponsors') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'Our Sponsors');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentIntro heading={page?.heading ?? 'Our Sponsors'} intro={page?.intro} />;
}
