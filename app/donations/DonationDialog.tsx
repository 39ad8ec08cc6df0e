import { lazy, Suspense, type ReactNode } from 'react';
import { DONATION_DIALOG_ID } from '../../common/islands';
import type { DonationFormSettings } from '../../common/giving-settings';
import type { PublicConfig } from '../../common/load-context';
import { PaymentDialog } from '../payments/PaymentDialog';

const DonationDialogContent = lazy(() => import('./DonationFormContent'));

/**
 * In every page's HTML, opened with no script (spec §2). Its code hydrates on its own (a Suspense
 * boundary) or, on a script-free page, starts as an island when opened (donation-island.tsx).
 */
export function DonationDialog(props: DonationFormProps) {
  return (
    <PaymentDialog id={DONATION_DIALOG_ID} data-payments={JSON.stringify(props.payments)} data-settings={JSON.stringify(props.settings)}>
      <DonationFormBoundary>
        <DonationDialogContent {...props} />
      </DonationFormBoundary>
    </PaymentDialog>
  );
}

/** What the Donation Form is given; the island reads the same from the dialog's data attributes. */
export interface DonationFormProps {
  payments: PublicConfig['payments'];
  /** ADR 046. */
  settings: DonationFormSettings;
}

/** The same for the page and the island: the server's HTML marks it. */
export function DonationFormBoundary({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
