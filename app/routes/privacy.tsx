import { LegalPage } from '../content/LegalPage';
import { loadPage } from '../lib/page-content.server';
import { pageMeta } from '../lib/seo/meta';
import { summarize } from '../lib/seo/summarize';
import type { Route } from './+types/privacy';
import { HYDRATE_ON_INTERACTION } from '../lib/hydration/boot-script';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'privacy') };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.page?.heading ?? 'Privacy policy', data?.page ? summarize(data.page.intro.join(' ')) : 'What the foundation keeps about you, why, and what you can do about it.');

/** Nothing here needs JavaScript before the visitor acts (ADR 028). */
export const handle = HYDRATE_ON_INTERACTION;

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return <LegalPage page={page} fallbackHeading="Privacy policy" />;
}
