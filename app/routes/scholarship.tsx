import { ContentIntro } from '../components/ContentPage';
import { summarize } from '../components/pages/format';
import { ScholarshipDetails, ScholarshipHero } from '../components/pages/ScholarshipDetails';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/scholarship';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'scholarship') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Scholarship');
  return pageMeta(matches, page.heading, summarize(page.intro.join(' ')), { image: page.hero.src });
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      {page ? <ScholarshipHero page={page} /> : null}
      <ContentIntro heading={page?.heading ?? 'Scholarship'} intro={page?.intro} />
      {page ? <ScholarshipDetails page={page} /> : null}
    </>
  );
}
