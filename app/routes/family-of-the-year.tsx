import { loadPage } from '../lib/page-content.server';
import { AwardedFamilies, FamilyOfTheYearHeader } from '../content/AwardedFamilies';
import { summarize } from '../lib/seo/summarize';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/family-of-the-year';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  const [page, campaigns] = await Promise.all([loadPage(args, 'family_of_the_year'), args.context.services.campaigns.familyLinks()]);
  return { page, campaigns };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Family of the Year');
  const newest = [...page.families].sort((a, b) => b.year - a.year)[0];
  return pageMeta(matches, page.heading, summarize(page.intro[0] ?? page.heading), newest ? { image: newest.photo.src } : {});
};

export const handle = pageHandle('/family_of_the_year');

export default function Page({ loaderData: { page, campaigns } }: Route.ComponentProps) {
  return (
    <>
      <FamilyOfTheYearHeader heading={page?.heading ?? 'Family of the Year'} intro={page?.intro} />
      {page ? <AwardedFamilies page={page} campaigns={campaigns} /> : null}
    </>
  );
}
