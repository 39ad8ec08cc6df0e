import { Link } from 'react-router';
import type { Route } from './+types/pages';
import { pageKeys } from '../../../common/content';
import { AdminPageHeader } from '../../admin/AdminShell';
import { PAGE_TITLES } from '../../admin/content-editor/page-titles';
import { requireStaff } from '../../admin/guard.server';
import { PublishBadge } from '../../admin/PublishBadge';

export const meta: Route.MetaFunction = () => [{ title: 'Pages | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const editors = await Promise.all(pageKeys.map((key) => args.context.backOffice.content.pageEditor(key)));
  return { pages: editors.map((e) => ({ page: e.page, draft: e.draft ? { by: e.draft.by } : null, versions: e.versions.length })) };
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  return (
    <div>
      <AdminPageHeader title="Pages" lead="The texts, people and pictures of every page. Volunteers save drafts; an admin previews and publishes them." />
      <ul className="grid gap-3 sm:grid-cols-2">
        {loaderData.pages.map((p) => (
          <li key={p.page}>
            <Link to={`/admin/pages/${p.page}`} className="flex min-h-16 flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white p-4 hover:bg-brand-50">
              <span className="font-semibold text-brand-800 underline underline-offset-2">{PAGE_TITLES[p.page]}</span>
              {p.draft ? <PublishBadge state="draft" /> : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
