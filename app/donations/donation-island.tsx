import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_GIVING_SETTINGS, type DonationFormSettings } from '../../common/giving-settings';
import type { PublicConfig } from '../../common/load-context';
import { DONATION_DIALOG_ID } from '../../common/islands';
import { DonationFormBoundary } from './DonationDialog';
import DonationDialogContent, { type DonationCampaign } from './DonationFormContent';

/*
 * ADR 042: imported when the Donation Form opens on a script-free page. Hydrating what the server
 * rendered keeps what the visitor typed meanwhile.
 */
const dialog = document.getElementById(DONATION_DIALOG_ID);
if (dialog) {
  const payments = JSON.parse(dialog.dataset.payments ?? '{"provider":"simulated"}') as PublicConfig['payments'];
  const settings = dialog.dataset.settings ? (JSON.parse(dialog.dataset.settings) as DonationFormSettings) : { ...DEFAULT_GIVING_SETTINGS, share: { url: '/', name: '' } };
  const campaign = dialog.dataset.campaign ? (JSON.parse(dialog.dataset.campaign) as DonationCampaign) : null;
  hydrateRoot(
    dialog,
    <StrictMode>
      <DonationFormBoundary>
        <DonationDialogContent payments={payments} settings={settings} campaign={campaign} />
      </DonationFormBoundary>
    </StrictMode>,
  );
}
