import { AwardedFamilies, FamilyOfTheYearHeader } from '../components/pages/AwardedFamilies';
import { summarize } from '../components/pages/format';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/family-of-the-year';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'family_of_the_year') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Family of the Year');
  const newest = [...page.families].sort((a, b) => b.year - a.year)[0];
  return pageMeta(matches, page.heading, summarize(page.intro[0] ?? page.heading), newest ? { image: newest.photo.src } : {});
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <FamilyOfTheYearHeader heading={page?.heading ?? 'Family of the Year'} intro={page?.intro} />
      {page ? <AwardedFamilies page={page} /> : null}
    </>
  );
}
