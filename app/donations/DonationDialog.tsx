import { lazy, Suspense, type ReactNode } from 'react';
import { DONATION_DIALOG_ID } from '../../common/islands';
import type { DonationFormSettings } from '../../common/giving-settings';
import type { PublicConfig } from '../../common/load-context';
import { PaymentDialog } from '../payments/PaymentDialog';
import type { DonationCampaign } from './DonationFormContent';

const DonationDialogContent = lazy(() => import('./DonationFormContent'));

/**
 * In every page's HTML, opened with no script (spec §2). Its code hydrates on its own (a Suspense
 * boundary) or, on a script-free page, starts as an island when opened (donation-island.tsx).
 */
export function DonationDialog(props: DonationFormProps) {
  const campaign = props.campaign ?? null;
  return (
    <PaymentDialog
      id={DONATION_DIALOG_ID}
      data-payments={JSON.stringify(props.payments)}
      data-settings={JSON.stringify(props.settings)}
      data-campaign={campaign ? JSON.stringify(campaign) : undefined}
    >
      <DonationFormBoundary>
        <DonationDialogContent {...props} campaign={campaign} />
      </DonationFormBoundary>
    </PaymentDialog>
  );
}

/** What the Donation Form is given; the island reads the same from the dialog's data attributes. */
export interface DonationFormProps {
  payments: PublicConfig['payments'];
  /** ADR 046. */
  settings: DonationFormSettings;
  /** ADR 047: on a campaign's page the gift goes to that campaign. */
  campaign?: DonationCampaign | null;
}

/** The same for the page and the island: the server's HTML marks it. */
export function DonationFormBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
