import { loadPage } from '../lib/page-content.server';
import { ContentIntro } from '../content/ContentPage';
import { summarize } from '../lib/seo/summarize';
import { Memorials } from '../content/Memorials';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/family';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'family') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'In Loving Memory');
  const first = page.memorials[0];
  return pageMeta(matches, page.heading, summarize(page.intro), first ? { image: first.photo.src } : {});
};

export const handle = pageHandle('/family');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'In Loving Memory'} intro={page?.intro} />
      {page ? <Memorials page={page} /> : null}
    </>
  );
}
