import { ContentIntro } from '../components/ContentPage';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/cof';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'cof') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.page?.heading ?? 'About the Foundation');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <ContentIntro heading={page?.heading ?? 'About the Foundation'} intro={page?.description} />;
}
