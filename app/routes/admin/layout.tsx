import { isRouteErrorResponse, Outlet, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/layout';
import { AdminShell } from '../../admin/AdminShell';
import { requireStaff } from '../../admin/guard.server';

export async function loader(args: Route.LoaderArgs) {
  const { session } = await requireStaff(args, { allowEnrol: true, reviewers: true });
  const site = await args.context.services.content.page('site');
  return { staff: session.staff, csrfToken: session.csrfToken, enrolling: session.stage === 'enrol', siteName: site?.name ?? 'Foundation' };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell siteName={loaderData.siteName} staff={loaderData.staff} enrolling={loaderData.enrolling}>
      <Outlet />
    </AdminShell>
  );
}

/**
 * A back-office page that refused or failed, inside the back office: a refusal says why ("Only an
 * admin can do this.", an expired form); anything else asks to try again.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>('routes/admin/layout');
  const refused = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500;
  const why = refused && typeof error.data === 'string' && error.data !== '' ? error.data : null;
  const body = (
    <div role="alert">
      <h1 className="text-2xl font-bold text-brand-900">{refused ? (error.status === 404 ? 'This page does not exist' : 'This cannot be done') : 'Something went wrong'}</h1>
      <p className="mt-2 text-slate-700">{why ?? 'The page could not be shown. Try again in a moment; if it keeps happening, tell an admin.'}</p>
      <p className="mt-4">
        <a className="text-brand-700 underline" href="/admin">
          Back to the overview
        </a>
      </p>
    </div>
  );
  return shell ? (
    <AdminShell siteName={shell.siteName} staff={shell.staff} enrolling={shell.enrolling}>
      {body}
    </AdminShell>
  ) : (
    <main className="mx-auto max-w-xl px-4 py-20">{body}</main>
  );
}
