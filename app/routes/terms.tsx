import { LegalPage } from '../content/LegalPage';
import { loadPage } from '../lib/page-content.server';
import { pageMeta } from '../lib/seo/meta';
import { summarize } from '../lib/seo/summarize';
import type { Route } from './+types/terms';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'terms') };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.page?.heading ?? 'Terms of use', data?.page ? summarize(data.page.intro.join(' ')) : 'The terms for using this website, giving and signing up for events.');

export const handle = pageHandle('/terms');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <LegalPage page={page} fallbackHeading="Terms of use" />;
}
