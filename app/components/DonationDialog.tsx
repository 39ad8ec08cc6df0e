import * as Dialog from '@radix-ui/react-dialog';
import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from 'react';
import { formatPhoneHref, type SiteFacts } from '../lib/site';
import { CloseIcon } from './icons';

interface DonationDialogControls {
  open: () => void;
}

const DonationDialogContext = createContext<DonationDialogControls | null>(null);

/** Every Donate button opens the one Donation Form dialog. */
export function useDonationDialog(): DonationDialogControls {
  const controls = useContext(DonationDialogContext);
  if (!controls) throw new Error('useDonationDialog must be used inside <DonationDialogProvider>');
  return controls;
}

export function DonationDialogProvider({ site, children }: { site: SiteFacts | null; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const controls = useMemo(() => ({ open }), [open]);
  return (
    <DonationDialogContext.Provider value={controls}>
      {children}
      <Dialog.Root open={isOpen} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-slate-900/60" />
          <Dialog.Content
            className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(34rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl"
          >
            <DonationForm site={site} onCancel={() => setOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </DonationDialogContext.Provider>
  );
}

function DonationForm({ site, onCancel }: { site: SiteFacts | null; onCancel: () => void }) {
  const id = useId();
  const field = 'mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base focus:border-brand-700';
  return (
    <form onSubmit={(e) => e.preventDefault()} noValidate>
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-2xl font-semibold text-brand-800">Donation Form</Dialog.Title>
        <Dialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label="Close the donation form">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-2 text-sm text-slate-600">
        Your gift helps Ohio Valley families through illness and tragedy. A receipt is emailed to you.
      </Dialog.Description>
      <div className="mt-5 space-y-4">
        <label className="block text-sm font-medium" htmlFor={`${id}-amount`}>
          Amount
          <input id={`${id}-amount`} name="amount" inputMode="decimal" autoComplete="transaction-amount" placeholder="Amount (ex. $20.00)" className={field} />
        </label>
        <label className="block text-sm font-medium" htmlFor={`${id}-email`}>
          Email
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" placeholder="Email to send receipt to" className={field} />
        </label>
        <label className="block text-sm font-medium" htmlFor={`${id}-message`}>
          Message
          <textarea id={`${id}-message`} name="message" rows={3} placeholder="Leave us a message (optional)" className={field} />
        </label>
      </div>
      <div className="mt-5 rounded-md border border-gold-500 bg-amber-50 p-3 text-sm text-slate-800" role="note">
        Online card payments are being set up.
        {site ? (
          <>
            {' '}
            Until then, call us at{' '}
            <a className="font-medium text-brand-700 underline" href={formatPhoneHref(site.phone)}>
              {site.phone}
            </a>{' '}
            or mail a check to {site.address.street}, {site.address.city}, {site.address.state} {site.address.zip}.
          </>
        ) : null}
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100">
          Not now
        </button>
        <button type="submit" disabled className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60">
          Confirm
        </button>
      </div>
    </form>
  );
}
