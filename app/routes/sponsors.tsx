import { loadPage } from '../lib/page-content.server';
import { ContentIntro } from '../content/ContentPage';
import { summarize } from '../lib/seo/summarize';
import { SponsorGallery } from '../content/SponsorGallery';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/sponsors';
import { pageHandle } from '../lib/pages/page-handle';
import { SponsorLogos } from '../sponsorships/SponsorLogos';

export async function loader(args: Route.LoaderArgs) {
  const [page, approved] = await Promise.all([loadPage(args, 'sponsors'), args.context.services.sponsorships.approved()]);
  return { page, approved };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Our Sponsors');
  return pageMeta(matches, page.heading, summarize(page.intro), { image: page.titleSponsor.logo.src });
};

export const handle = pageHandle('/sponsors');

export default function Page({ loaderData: { page, approved } }: Route.ComponentProps) {
  return (
    <>
      <ContentIntro heading={page?.heading ?? 'Our Sponsors'} intro={page?.intro} />
      {page ? <SponsorGallery page={page} /> : null}
      {approved.length > 0 ? (
        <section aria-labelledby="event-sponsors" className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="event-sponsors" className="text-center text-2xl font-bold text-brand-800">
            Event sponsors
          </h2>
          <div className="mt-8">
            <SponsorLogos sponsors={approved} />
          </div>
        </section>
      ) : null}
    </>
  );
}
