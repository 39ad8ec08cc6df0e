import { loadPage } from '../lib/page-content.server';
import { PageHeader } from '../ui/PageHeader';
import { summarize } from '../lib/seo/summarize';
import { StaffCards } from '../content/StaffCards';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/staff';
import { HYDRATE_ON_INTERACTION } from '../lib/hydration/boot-script';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'staff') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Our Staff');
  // The staff page has no intro of its own: the description lists who is who.
  const who = page.staff.map((member) => `${member.name} (${member.role})`).join(', ');
  return pageMeta(matches, page.heading, summarize(`Meet the people behind the foundation: ${who}.`));
};

/** A tab clicked, or an arrow key pressed on one, before the page has hydrated is replayed once it has (ADR 028). */
export const handle = HYDRATE_ON_INTERACTION;

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page?.heading ?? 'Our Staff'} />
      {page ? <StaffCards page={page} /> : null}
    </>
  );
}
