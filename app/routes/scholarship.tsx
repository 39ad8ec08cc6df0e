import { loadPage } from '../lib/page-content.server';
import { ContentIntro } from '../content/ContentPage';
import { summarize } from '../lib/seo/summarize';
import { ScholarshipDetails, ScholarshipHero } from '../content/ScholarshipDetails';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/scholarship';
import { pageHandle } from '../lib/pages/page-handle';
import { RoundBlock } from '../scholarship/RoundBlock';

export async function loader(args: Route.LoaderArgs) {
  const rounds = args.context.services.scholarshipRounds;
  const [page, round, published] = await Promise.all([loadPage(args, 'scholarship'), rounds.publicBlock(), rounds.publishedWinners()]);
  return { page, round, published };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Scholarship');
  return pageMeta(matches, page.heading, summarize(page.intro.join(' ')), { image: page.hero.src });
};

export const handle = pageHandle('/scholarship');

export default function Page({ loaderData: { page, round, published } }: Route.ComponentProps) {
  return (
    <>
      {page ? <ScholarshipHero page={page} /> : null}
      <ContentIntro heading={page?.heading ?? 'Scholarship'} intro={page?.intro} />
      {round ? <RoundBlock round={round} /> : null}
      {page ? <ScholarshipDetails page={page} published={published} /> : null}
    </>
  );
}
