import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, useState, type ReactNode } from 'react';
import { useReturnFocus } from '../lib/hooks/use-return-focus';
import { CloseIcon } from '../ui/icons';
import { PAYMENT_DIALOG_PADDING } from './PaymentDialogFooter';

/**
 * The one dialog around every payment form (the Donation Form and the sign-ups, spec §4).
 * Closing it resets the form, and a stray tap outside never throws away what was typed.
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
  const returnFocus = useReturnFocus();
  const [session, setSession] = useState(0);
  const change = (next: boolean) => {
    onOpenChange(next);
    if (!next) setSession((s) => s + 1);
  };
  const size = wide ? 'max-h-[94vh] w-[min(44rem,calc(100vw-1rem))]' : 'max-h-[92vh] w-[min(34rem,calc(100vw-1.5rem))]';
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          {...returnFocus}
          onPointerDownOutside={(e) => e.preventDefault()}
          className={`fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white shadow-2xl ${size} ${PAYMENT_DIALOG_PADDING}`}
        >
          <Fragment key={session}>{children(() => change(false))}</Fragment>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Title, close button and one line of description at the top of a payment form. */
export function PaymentDialogHeader({ title, closeLabel, children }: { title: ReactNode; closeLabel: string; children: ReactNode }) {
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="text-2xl font-semibold text-brand-800">{title}</Dialog.Title>
        <Dialog.Close className="rounded-md p-1 text-slate-600 hover:bg-slate-100" aria-label={closeLabel}>
          <CloseIcon />
        </Dialog.Close>
      </div>
      <Dialog.Description className="mt-1 text-slate-700">{children}</Dialog.Description>
    </>
  );
}
