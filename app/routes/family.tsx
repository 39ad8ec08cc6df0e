import { ContentIntro } from '../components/ContentPage';
import { summarize } from '../components/pages/format';
import { Memorials } from '../components/pages/Memorials';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/family';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'family') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'In Loving Memory');
  const first = page.memorials[0];
  return pageMeta(matches, page.heading, summarize(page.intro), first ? { image: first.photo.src } : {});
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'In Loving Memory'} intro={page?.intro} />
      {page ? <Memorials page={page} /> : null}
    </>
  );
}
