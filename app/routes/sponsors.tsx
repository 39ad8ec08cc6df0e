import { loadPage } from '../lib/page-content.server';
import { ContentIntro } from '../content/ContentPage';
import { summarize } from '../lib/seo/summarize';
import { SponsorGallery } from '../content/SponsorGallery';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/sponsors';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'sponsors') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Our Sponsors');
  return pageMeta(matches, page.heading, summarize(page.intro), { image: page.titleSponsor.logo.src });
};

export const handle = pageHandle('/sponsors');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Our Sponsors'} intro={page?.intro} />
      {page ? <SponsorGallery page={page} /> : null}
    </>
  );
}
