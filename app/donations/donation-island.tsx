import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { PublicConfig } from '../../common/load-context';
import { DONATION_DIALOG_ID } from '../../common/islands';
import { DonationFormBoundary } from './DonationDialog';
import DonationDialogContent from './DonationFormContent';

/*
 * The Donation Form as an island (ADR 042): a page that loads no JavaScript imports this module
 * when its Donation Form opens (app/lib/islands). It hydrates what the server rendered inside the
 * dialog, so what the visitor has typed meanwhile stays and becomes the form's state.
 */
const dialog = document.getElementById(DONATION_DIALOG_ID);
if (dialog) {
  const payments = JSON.parse(dialog.dataset.payments ?? '{"provider":"simulated"}') as PublicConfig['payments'];
  hydrateRoot(
    dialog,
    <StrictMode>
      <DonationFormBoundary>
        <DonationDialogContent payments={payments} />
      </DonationFormBoundary>
    </StrictMode>,
  );
}
