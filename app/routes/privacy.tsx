import { LegalPage } from '../content/LegalPage';
import { loadPage } from '../lib/page-content.server';
import { pageMeta } from '../lib/seo/meta';
import { summarize } from '../lib/seo/summarize';
import type { Route } from './+types/privacy';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'privacy') };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.page?.heading ?? 'Privacy policy', data?.page ? summarize(data.page.intro.join(' ')) : 'What the foundation keeps about you, why, and what you can do about it.');

export const handle = pageHandle('/privacy');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <LegalPage page={page} fallbackHeading="Privacy policy" />;
}
