import { DonationsList, EventsList } from '../accounts/DashboardLists';
import { EmailStatus } from '../accounts/EmailStatus';
import { ProfileCard } from '../accounts/ProfileCard';
import { TaxDocuments } from '../accounts/TaxDocuments';
import { MonthlyGifts } from '../donations/MonthlyGifts';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/dashboard';
import { pageHandle } from '../lib/pages/page-handle';
import { requireSupporter } from '../accounts/supporter.server';
import { ScholarshipCard } from '../scholarship/ScholarshipCard';
import { WaitingListsCard } from '../waitlist/WaitingListsCard';
import { MySponsorshipsCard } from '../sponsorships/MySponsorshipsCard';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'My Dashboard', 'Your donations and event sign-ups.'),
  { name: 'robots', content: 'noindex' },
];

export const handle = pageHandle('/dashboard');

/** Read on the server (ADR 043): the page arrives signed in, with its lists. */
export async function loader(args: Route.LoaderArgs) {
  const supporter = await requireSupporter(args);
  const [dashboard, scholarship, waitingLists, sponsorships] = await Promise.all([
    args.context.supporters.dashboard(supporter),
    args.context.services.scholarshipApplications.dashboard(supporter.id),
    args.context.services.waitlists.mine(supporter.id),
    args.context.services.sponsorships.mine(supporter.id),
  ]);
  return { supporter, dashboard, scholarship, waitingLists, sponsorships };
}

export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export default function Page({ loaderData: { supporter, dashboard, scholarship, waitingLists, sponsorships } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="My Dashboard" />
      <div className="mx-auto max-w-5xl px-4 py-8">
        <div className="grid gap-6 md:grid-cols-[18rem_1fr]">
          <ProfileCard user={supporter}>
            <EmailStatus />
          </ProfileCard>
          <div className="space-y-6">
            {scholarship ? <ScholarshipCard scholarship={scholarship} /> : null}
            <MonthlyGifts />
            <DonationsList donations={dashboard.donations} />
            <EventsList items={dashboard.events_and_teams} />
            <WaitingListsCard entries={waitingLists} />
            <MySponsorshipsCard sponsorships={sponsorships} />
            <TaxDocuments />
          </div>
        </div>
      </div>
    </>
  );
}
