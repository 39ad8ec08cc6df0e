import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { MySignup } from '../../common/signup-policy';
import { ManageSignup } from '../signups/ManageSignup';
import { NeedsJavaScript } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { ApiError, apiRequest } from '../lib/api';
import { logOut, useAuth } from '../lib/auth';
import { pageMeta } from '../lib/seo/meta';
import { useHydrated } from '../lib/hooks/use-hydrated';
import type { Route } from './+types/my-signup';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My sign-up', 'Change or cancel your event sign-up.'),
  { name: 'robots', content: 'noindex' },
];

type Load = { state: 'loading' } | { state: 'ready'; signup: MySignup } | { state: 'failed'; message: string };

/** One of the signed-in supporter's sign-ups, reached from the dashboard (issue 13). */
export default function Page() {
  const { signupId } = useParams();
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!hydrated) return;
    if (!isAuthenticated) {
      void navigate('/login', { replace: true });
      return;
    }
    const controller = new AbortController();
    apiRequest<MySignup>(`/user/signups/${encodeURIComponent(signupId ?? '')}`, { signal: controller.signal })
      .then((signup) => setLoad({ state: 'ready', signup }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          logOut();
          void navigate('/login', { replace: true });
          return;
        }
        setLoad({
          state: 'failed',
          message: error instanceof ApiError && error.status === 404 ? 'We could not find this sign-up among yours.' : 'We could not load your sign-up just now. Please reload the page to try again.',
        });
      });
    return () => controller.abort();
  }, [hydrated, isAuthenticated, navigate, signupId]);

  return (
    <>
      <PageHeader title="My sign-up" />
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NeedsJavaScript />
        {load.state === 'ready' ? (
          <ManageSignup initial={load.signup} />
        ) : load.state === 'failed' ? (
          <div role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
            <p>{load.message}</p>
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
