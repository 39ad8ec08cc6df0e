import { lazy, Suspense, type ReactNode } from 'react';
import { DONATION_DIALOG_ID } from '../../common/islands';
import type { PublicConfig } from '../../common/load-context';
import { PaymentDialog } from '../payments/PaymentDialog';
import type { DonationCampaign } from './DonationFormContent';

const DonationDialogContent = lazy(() => import('./DonationFormContent'));

/**
 * In every page's HTML, opened with no script (spec §2). Its code hydrates on its own (a Suspense
 * boundary) or, on a script-free page, starts as an island when opened (donation-island.tsx).
 */
export function DonationDialog({ payments, campaign = null }: { payments: PublicConfig['payments']; campaign?: DonationCampaign | null }) {
  return (
    <PaymentDialog id={DONATION_DIALOG_ID} data-payments={JSON.stringify(payments)} data-campaign={campaign ? JSON.stringify(campaign) : undefined}>
      <DonationFormBoundary>
        <DonationDialogContent payments={payments} campaign={campaign} />
      </DonationFormBoundary>
    </PaymentDialog>
  );
}

/** The same for the page and the island: the server's HTML marks it. */
export function DonationFormBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
