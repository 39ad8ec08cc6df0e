import type { Route } from './+types/not-found';
import { requireStaff } from '../../admin/guard.server';

/** Unknown back-office addresses: signed-out visitors go to sign-in first, like every /admin page; the layout's boundary says the page does not exist. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args, { reviewers: true });
  throw new Response('Not found', { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Not found | Back office' }];

export default function AdminNotFound() {
  return null;
}
