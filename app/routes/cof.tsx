import { loadPage } from '../lib/page-content.server';
import { PageHeader } from '../ui/PageHeader';
import { AboutFoundation } from '../content/AboutFoundation';
import { summarize } from '../lib/seo/summarize';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/cof';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'cof') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'About the Foundation');
  return pageMeta(matches, page.heading, summarize(page.description[0] ?? page.heading), { image: page.logo.src });
};

export const handle = pageHandle('/cof');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page?.heading ?? 'About the Foundation'} />
      {page ? <AboutFoundation page={page} /> : null}
    </>
  );
}
