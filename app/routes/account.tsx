import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AccountProfile } from '../../common/accounts';
import { ChangePasswordForm } from '../accounts/ChangePasswordForm';
import { DeleteAccount, DownloadData } from '../accounts/MyData';
import { ProfileForm } from '../accounts/ProfileForm';
import { NeedsJavaScript, SuccessNotice } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { ApiError, apiRequest } from '../lib/api';
import { logOut, useAuth } from '../lib/auth';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/account';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your account', 'Edit your profile, change your password, download your data or delete your account.'),
  { name: 'robots', content: 'noindex' },
];

type Load = { state: 'loading' } | { state: 'ready'; profile: AccountProfile } | { state: 'failed' } | { state: 'deleted' };

const card = 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm';

export default function Page() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (!hydrated || load.state === 'deleted') return;
    if (!isAuthenticated) {
      void navigate('/login', { replace: true });
      return;
    }
    if (load.state !== 'loading') return;
    const controller = new AbortController();
    apiRequest<AccountProfile>('/user/account', { signal: controller.signal })
      .then((profile) => setLoad({ state: 'ready', profile }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          logOut();
          void navigate('/login', { replace: true });
          return;
        }
        setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [hydrated, isAuthenticated, navigate, load.state]);

  return (
    <>
      <PageHeader title="Your account" />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
        <NeedsJavaScript />
        {load.state === 'deleted' ? (
          <div className={card}>
            <SuccessNotice>Your account has been deleted. Thank you for supporting the foundation.</SuccessNotice>
            <Link to="/" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
              Back to the home page
            </Link>
          </div>
        ) : load.state === 'ready' ? (
          <>
            <p>
              <Link to="/dashboard" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
                ← Back to your dashboard
              </Link>
            </p>
            <div className={card}>
              <ProfileForm profile={load.profile} />
            </div>
            <div className={card}>
              <ChangePasswordForm />
            </div>
            <div className={card}>
              <DownloadData />
            </div>
            <div className={`${card} border-red-200`}>
              <DeleteAccount onDeleted={() => setLoad({ state: 'deleted' })} />
            </div>
          </>
        ) : load.state === 'failed' ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
            We could not load your account just now. Please reload the page to try again.
          </p>
        ) : (
          <p role="status" className="text-center text-slate-700">
            Loading your account…
          </p>
        )}
      </div>
    </>
  );
}
