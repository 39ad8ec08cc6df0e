import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { AdminShell } from '../../admin/AdminShell';
import { requireStaff } from '../../admin/guard.server';

export async function loader(args: Route.LoaderArgs) {
  const { session } = await requireStaff(args, { allowEnrol: true });
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
