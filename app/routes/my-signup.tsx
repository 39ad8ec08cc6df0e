import { Link, useParams } from 'react-router';
import type { MySignup } from '../../common/signup-policy';
import { ManageSignup } from '../signups/ManageSignup';
import { NeedsJavaScript } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import { useSignedInRequest } from '../lib/hooks/use-signed-in-request';
import type { Route } from './+types/my-signup';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My sign-up', 'Change or cancel your event sign-up.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/dashboard/signups/:signupId');

export default function Page() {
  const { signupId } = useParams();
  const load = useSignedInRequest<MySignup>(`/user/signups/${encodeURIComponent(signupId ?? '')}`);

  return (
    <>
      <PageHeader title="My sign-up" />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NeedsJavaScript />
        {load.state === 'ready' ? (
          <ManageSignup initial={load.data} />
        ) : load.state === 'failed' ? (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
            <p>{load.error.status === 404 ? 'We could not find this sign-up among yours.' : 'We could not load your sign-up just now. Please reload the page to try again.'}</p>
            <p className="mt-2">
              <Link className="font-semibold underline" to="/dashboard">
                Back to my dashboard
              </Link>
            </p>
          </div>
        ) : (
          <p role="status" className="text-center text-slate-700">
            Loading your sign-up…
          </p>
        )}
      </div>
    </>
  );
}
