import { ContentIntro } from '../components/ContentPage';
import { summarize } from '../components/pages/format';
import { GolfPros } from '../components/pages/GolfPros';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/golfers';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'golfers') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Golf Professionals');
  return pageMeta(matches, page.heading, summarize(page.intro));
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Golf Professionals'} intro={page?.intro} />
      {page ? <GolfPros page={page} /> : null}
    </>
  );
}
