import { loadPage } from '../lib/page-content.server';
import { ContentIntro } from '../content/ContentPage';
import { summarize } from '../lib/seo/summarize';
import { GolfPros } from '../content/GolfPros';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/golfers';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'golfers') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Golf Professionals');
  return pageMeta(matches, page.heading, summarize(page.intro));
};

export const handle = pageHandle('/golfers');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Golf Professionals'} intro={page?.intro} />
      {page ? <GolfPros page={page} /> : null}
    </>
  );
}
