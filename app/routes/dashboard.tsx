import type { Dashboard } from '../../common/accounts';
import { DonationsList, EventsList } from '../accounts/DashboardLists';
import { EmailStatus } from '../accounts/EmailStatus';
import { ProfileCard } from '../accounts/ProfileCard';
import { TaxDocuments } from '../accounts/TaxDocuments';
import { MonthlyGifts } from '../donations/MonthlyGifts';
import { NeedsJavaScript } from '../ui/FormFields';
import { PageHeader } from '../ui/PageHeader';
import { useAuth } from '../lib/auth';
import { pageMeta } from '../lib/seo/meta';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { useSignedInRequest } from '../lib/hooks/use-signed-in-request';
import type { Route } from './+types/dashboard';
import { pageHandle } from '../lib/pages/page-handle';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My Dashboard', 'Your donations and event sign-ups.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/dashboard');

export default function Page() {
  const { isAuthenticated, user } = useAuth();
  const hydrated = useHydrated();
  const load = useSignedInRequest<Dashboard>('/user/dashboard');

  return (
    <>
      <PageHeader title="My Dashboard" />
      <div className="mx-auto max-w-5xl px-4 py-8">
        <NeedsJavaScript />
        {hydrated && isAuthenticated && user ? (
          <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
            <ProfileCard user={user}>
              <EmailStatus />
            </ProfileCard>
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
                  <TaxDocuments />
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
