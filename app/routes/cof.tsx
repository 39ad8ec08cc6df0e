import { loadPage } from '../lib/page-content.server';
import { PageHeader } from '../ui/PageHeader';
import { AboutFoundation } from '../content/AboutFoundation';
import { summarize } from '../lib/seo/summarize';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/cof';
import { HYDRATE_ON_INTERACTION } from '../lib/hydration/boot-script';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'cof') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'About the Foundation');
  return pageMeta(matches, page.heading, summarize(page.description[0] ?? page.heading), { image: page.logo.src });
};

/** Nothing here needs JavaScript before the visitor acts (ADR 028). */
export const handle = HYDRATE_ON_INTERACTION;

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page?.heading ?? 'About the Foundation'} />
      {page ? <AboutFoundation page={page} /> : null}
    </>
  );
}
