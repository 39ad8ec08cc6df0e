import { Fragment, useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { CloseIcon } from '../ui/icons';
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../ui/Modal';
import { PAYMENT_DIALOG_PADDING } from './PaymentDialogFooter';

/** Spec §4; in the page's HTML, opened before any script has run (ADR 042). */
export function PaymentDialog({
  id,
  wide = false,
  onOpenChange,
  children,
  ...props
}: Omit<ComponentProps<typeof Modal>, 'className'> & { wide?: boolean }) {
  const size = wide ? 'max-h-[94vh] w-[min(44rem,calc(100vw-1rem))]' : 'max-h-[92vh] w-[min(34rem,calc(100vw-1.5rem))]';
  return (
    <Modal
      id={id}
      onOpenChange={onOpenChange}
      className={`m-auto max-w-none overflow-y-auto overscroll-contain rounded-xl bg-white text-slate-800 shadow-2xl backdrop:bg-slate-900/60 ${size} ${PAYMENT_DIALOG_PADDING}`}
      {...props}
    >
      {children}
    </Modal>
  );
}

/** Spec §4: closing resets the form; inside the dialog, so an island form resets itself too. */
export function NewOnEachOpening({ children }: { children: () => ReactNode }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [session, setSession] = useState(0);
  useEffect(() => {
    const dialog = anchor.current?.closest('dialog');
    if (!dialog) return;
    const reset = () => setSession((s) => s + 1);
    dialog.addEventListener('close', reset);
    return () => dialog.removeEventListener('close', reset);
  }, []);
  return (
    <div ref={anchor} className="contents">
      <Fragment key={session}>{children()}</Fragment>
    </div>
  );
}

export function PaymentDialogHeader({ dialogId, title, children }: { dialogId: string; title: ReactNode; children: ReactNode }) {
  return (
    <>
      {/* Room on the right for the close button. */}
      <ModalTitle modalId={dialogId} className="pr-10 text-2xl font-semibold text-brand-800">
        {title}
      </ModalTitle>
      <ModalDescription modalId={dialogId} className="mt-1 text-slate-700">
        {children}
      </ModalDescription>
    </>
  );
}

/** Last in the form, so opening focus lands on the first field and Tab meets the fields first. */
export function PaymentDialogCloseButton({ dialogId, label }: { dialogId: string; label: string }) {
  return (
    <ModalClose modalId={dialogId} className="absolute top-4 right-4 rounded-md p-1 text-slate-600 hover:bg-slate-100 sm:top-5 sm:right-5" aria-label={label}>
      <CloseIcon />
    </ModalClose>
  );
}
