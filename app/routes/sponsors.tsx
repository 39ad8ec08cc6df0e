import { ContentIntro } from '../components/ContentPage';
import { summarize } from '../components/pages/format';
import { SponsorGallery } from '../components/pages/SponsorGallery';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/sponsors';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'sponsors') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Our Sponsors');
  return pageMeta(matches, page.heading, summarize(page.intro), { image: page.titleSponsor.logo.src });
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Our Sponsors'} intro={page?.intro} />
      {page ? <SponsorGallery page={page} /> : null}
    </>
  );
}
