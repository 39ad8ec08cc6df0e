import { LegalPage } from '../content/LegalPage';
import { loadPage } from '../lib/page-content.server';
import { pageMeta } from '../lib/seo/meta';
import { summarize } from '../lib/seo/summarize';
import type { Route } from './+types/privacy';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  const [page, retentionMonths] = await Promise.all([loadPage(args, 'privacy'), args.context.services.scholarshipRounds.retentionMonths()]);
  return { page, retentionMonths };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.page?.heading ?? 'Privacy policy', data?.page ? summarize(data.page.intro.join(' ')) : 'What the foundation keeps about you, why, and what you can do about it.');

export const handle = pageHandle('/privacy');

export default function Page({ loaderData: { page, retentionMonths } }: Route.ComponentProps) {
  return (
    <LegalPage page={page} fallbackHeading="Privacy policy">
      <section className="mt-8">
        <h2 className="text-xl font-semibold text-brand-800">Scholarship applications</h2>
        <p className="mt-2 leading-relaxed text-slate-800">
          {`Scholarship applications, their documents, letters and scores are deleted ${retentionMonths} months after the round is decided; winners' public profiles stay once they agreed to them.`}
        </p>
      </section>
    </LegalPage>
  );
}
