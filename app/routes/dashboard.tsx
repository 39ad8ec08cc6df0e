import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Dashboard } from '../../common/accounts';
import type { FieldErrors } from '../../common/api-errors';
import { DonationsList, EventsList } from '../accounts/DashboardLists';
import { ProfileCard } from '../accounts/ProfileCard';
import { MonthlyGifts } from '../donations/MonthlyGifts';
import { NeedsJavaScript } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { ApiError, apiRequest } from '../lib/api';
import { logOut, useAuth } from '../lib/auth';
import { pageMeta } from '../lib/seo/meta';
import { useHydrated } from '../lib/hooks/use-hydrated';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My Dashboard', 'Your donations and event sign-ups.'),
  { name: 'robots', content: 'noindex' },
];

type Load = { state: 'loading' } | { state: 'ready'; data: Dashboard } | { state: 'failed'; errors: FieldErrors };

export default function Page() {
  const { isAuthenticated, user } = useAuth();
  const navigate = useNavigate();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const hydrated = useHydrated();

  useEffect(() => {
    if (!hydrated) return;
    if (!isAuthenticated) {
      void navigate('/login', { replace: true });
      return;
    }
    const controller = new AbortController();
    apiRequest<Dashboard>('/user/dashboard', { signal: controller.signal })
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 401) {
          // The server no longer accepts this token (expired, password changed): sign in again.
          logOut();
          void navigate('/login', { replace: true });
          return;
        }
        setLoad({ state: 'failed', errors: error instanceof ApiError ? error.fields : { server: String(error) } });
      });
    return () => controller.abort();
  }, [hydrated, isAuthenticated, navigate]);

  return (
    <>
      <PageHeader title="My Dashboard" />
      <div className="mx-auto max-w-5xl px-4 py-8">
        <NeedsJavaScript />
        {hydrated && isAuthenticated && user ? (
          <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
            <ProfileCard user={user} />
            <div className="space-y-6" aria-busy={load.state === 'loading'}>
              {load.state === 'loading' ? (
                <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
                  Loading your donations and events…
                </p>
              ) : load.state === 'failed' ? (
                <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-6 text-red-800">
                  We could not load your donations and events just now. Please reload the page to try again.
                </p>
              ) : (
                <>
                  <MonthlyGifts />
                  <DonationsList donations={load.data.donations} />
                  <EventsList items={load.data.events_and_teams} />
                </>
              )}
            </div>
          </div>
        ) : (
          <p role="status" className="text-center text-slate-700">
            Loading your dashboard…
          </p>
        )}
      </div>
    </>
  );
}
