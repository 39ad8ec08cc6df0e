import type { Route } from './+types/not-found';
import { requireStaff } from '../../admin/guard.server';

/** Unknown back-office addresses: signed-out visitors go to sign-in first, like every /admin page. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  throw new Response('Not found', { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Not found | Back office' }];

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand-900">This page does not exist</h1>
      <p className="mt-2">
        <a className="text-brand-700 underline" href="/admin">
          Back to the overview
        </a>
      </p>
    </div>
  );
}
