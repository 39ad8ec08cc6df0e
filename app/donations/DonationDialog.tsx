import { lazy, Suspense, type ReactNode } from 'react';
import { DONATION_DIALOG_ID } from '../../common/islands';
import type { PublicConfig } from '../../common/load-context';
import { PaymentDialog } from '../payments/PaymentDialog';

const DonationDialogContent = lazy(() => import('./DonationFormContent'));

/**
 * The Donation Form (spec §2), in every page's HTML: the Donate buttons open it with no script,
 * and its fields take typing at once. The form's code is not part of the page's: on a page React
 * runs it comes after the page's own and hydrates on its own (a Suspense boundary, React's
 * selective hydration); on a page without scripts the form starts as an island when it opens
 * (donation-island.tsx), reading `data-payments`.
 */
export function DonationDialog({ payments }: { payments: PublicConfig['payments'] }) {
  return (
    <PaymentDialog id={DONATION_DIALOG_ID} data-payments={JSON.stringify(payments)}>
      <DonationFormBoundary>
        <DonationDialogContent payments={payments} />
      </DonationFormBoundary>
    </PaymentDialog>
  );
}

/** The boundary the form hydrates within, the same for the page and the island (the server's HTML marks it). */
export function DonationFormBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
