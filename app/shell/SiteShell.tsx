import type { ReactNode } from 'react';
import { useMatches } from 'react-router';
import type { PublicConfig } from '../../common/load-context';
import type { Site } from '../../common/content';
import type { DonationFormSettings } from '../../common/giving-settings';
import { DonateBar } from './DonateBar';
import { DonationDialog } from '../donations/DonationDialog';
import type { DonationCampaign } from '../donations/DonationFormContent';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Spec §2. */
export function SiteShell({
  site,
  year,
  payments,
  donationForm,
  children,
}: {
  site: Site | null;
  year: number;
  payments: PublicConfig['payments'];
  donationForm: DonationFormSettings;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-gold-500 px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <SiteHeader site={site} />
      <DonateBar />
      <main id="main" tabIndex={-1} className="min-h-[50vh] focus:outline-none">
        {children}
      </main>
      <SiteFooter site={site} year={year} />
      <DonationDialog payments={payments} settings={donationForm} campaign={useDonationCampaign()} />
    </>
  );
}

/** A page whose loader answers `donationCampaign` (a campaign's page, ADR 047) sets the Donation Form to it. */
function useDonationCampaign(): DonationCampaign | null {
  const data = useMatches().findLast((match) => (match.loaderData as { donationCampaign?: unknown } | undefined)?.donationCampaign)?.loaderData;
  return (data as { donationCampaign?: DonationCampaign } | undefined)?.donationCampaign ?? null;
}
