import { PageHeader } from '../components/PageHeader';
import { AboutFoundation } from '../components/pages/AboutFoundation';
import { summarize } from '../components/pages/format';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/cof';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'cof') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'About the Foundation');
  return pageMeta(matches, page.heading, summarize(page.description[0] ?? page.heading), { image: page.logo.src });
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page?.heading ?? 'About the Foundation'} />
      {page ? <AboutFoundation page={page} /> : null}
    </>
  );
}
