import { Fragment, useState, type ReactNode } from 'react';
import { CloseIcon } from '../ui/icons';
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../ui/Modal';
import { PAYMENT_DIALOG_PADDING } from './PaymentDialogFooter';

/**
 * The one dialog around every payment form (the Donation Form and the sign-ups, spec §4).
 * Closing it resets the form, and a stray tap outside never throws away what was typed (a click
 * on the backdrop of a Modal does nothing).
 */
export function PaymentDialog({
  open,
  onOpenChange,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wide?: boolean;
  /** The form; `close` closes the dialog the same way its × does. */
  children: (close: () => void) => ReactNode;
}) {
  const [session, setSession] = useState(0);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSession((s) => s + 1);
  };
  const size = wide ? 'max-h-[94vh] w-[min(44rem,calc(100vw-1rem))]' : 'max-h-[92vh] w-[min(34rem,calc(100vw-1.5rem))]';
  return (
    <Modal
      open={open}
      onOpenChange={change}
      className={`m-auto max-w-none overflow-y-auto overscroll-contain rounded-xl bg-white text-slate-800 shadow-2xl backdrop:bg-slate-900/60 ${size} ${PAYMENT_DIALOG_PADDING}`}
    >
      <Fragment key={session}>{children(() => change(false))}</Fragment>
    </Modal>
  );
}

/** Title, close button and one line of description at the top of a payment form. */
export function PaymentDialogHeader({ title, closeLabel, children }: { title: ReactNode; closeLabel: string; children: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <ModalTitle className="text-2xl font-semibold text-brand-800">{title}</ModalTitle>
        <ModalClose className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label={closeLabel}>
          <CloseIcon />
        </ModalClose>
      </div>
      <ModalDescription className="mt-1 text-slate-700">{children}</ModalDescription>
    </>
  );
}
