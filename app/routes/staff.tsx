import { loadPage } from '../lib/page-content.server';
import { PageHeader } from '../ui/PageHeader';
import { summarize } from '../lib/seo/summarize';
import { StaffCards } from '../content/StaffCards';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/staff';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader(args: Route.LoaderArgs) {
  return { page: await loadPage(args, 'staff') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Our Staff');
  // The staff page has no intro of its own.
  const who = page.staff.map((member) => `${member.name} (${member.role})`).join(', ');
  return pageMeta(matches, page.heading, summarize(`Meet the people behind the foundation: ${who}.`));
};

export const handle = pageHandle('/staff');

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page?.heading ?? 'Our Staff'} />
      {page ? <StaffCards page={page} /> : null}
    </>
  );
}
