import { PageHeader } from '../components/PageHeader';
import { summarize } from '../components/pages/format';
import { StaffCards } from '../components/pages/StaffCards';
import { loadPage } from '../lib/content.server';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/staff';

export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, 'staff') };
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const page = data?.page;
  if (!page) return pageMeta(matches, 'Our Staff');
  // The staff page has no intro of its own: the description lists who is who.
  const who = page.staff.map((member) => `${member.name} (${member.role})`).join(', ');
  return pageMeta(matches, page.heading, summarize(`Meet the people behind the foundation: ${who}.`));
};

export default function Page({ loaderData: { page } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={page?.heading ?? 'Our Staff'} />
      {page ? <StaffCards page={page} /> : null}
    </>
  );
}
