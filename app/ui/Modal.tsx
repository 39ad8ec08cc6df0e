import { createContext, useContext, useEffectEvent, useId, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';

interface ModalParts {
  titleId: string;
  descriptionId: string;
  close: () => void;
}

const ModalContext = createContext<ModalParts | null>(null);

function useModalParts(part: string): ModalParts {
  const parts = useContext(ModalContext);
  if (!parts) throw new Error(`<${part}> must be inside a <Modal>`);
  return parts;
}

type DialogProps = Omit<ComponentProps<'dialog'>, 'open' | 'children' | 'onCancel' | 'onClose' | 'ref'>;

/**
 * A modal dialog on the browser's own `<dialog>` and `showModal()`: the page behind is inert,
 * focus moves to the first control inside and cannot reach the page, Escape asks to close through
 * `onOpenChange(false)`, and focus goes back to the element that opened it (or `returnFocusTo`).
 * A click on the backdrop does nothing. The contents exist only while open, so each opening
 * starts afresh. Each modal renders a `ModalTitle` (its accessible name) and a `ModalDescription`.
 *
 * Look and motion are in app.css (`dialog.modal`): the `::backdrop` fades in and out (give it a
 * colour with `backdrop:bg-…`) and the page does not scroll while a modal is open. No style is
 * injected at run time (the CSP allows none).
 */
export function Modal({
  open,
  onOpenChange,
  returnFocusTo,
  className = '',
  children,
  ...props
}: DialogProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes on closing when not back to the opener (e.g. the thumbnail of the photo shown). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  /** The element that had focus when the dialog opened; set while it is open. */
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(false);
  const id = useId();
  const parts: ModalParts = { titleId: `${id}-title`, descriptionId: `${id}-description`, close: () => onOpenChange(false) };
  const focusTarget = useEffectEvent(() => returnFocusTo?.() ?? opener.current);

  // A layout effect: the dialog is shown, and focus is inside it, before the browser paints.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      if (dialog.open) return;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      shown.current = true;
      dialog.showModal();
    } else if (shown.current) {
      // Also when the browser closed it already (see onClose).
      if (dialog.open) dialog.close();
      const target = focusTarget();
      shown.current = false;
      opener.current = null;
      if (target?.isConnected) target.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={open ? parts.titleId : undefined}
      aria-describedby={open ? parts.descriptionId : undefined}
      className={`modal ${className}`}
      // Escape: the owner decides (it may keep the dialog open); the effect above closes it.
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      // Closed by the browser itself (a repeated Escape is not cancellable): tell the owner.
      onClose={() => {
        if (open) onOpenChange(false);
      }}
      {...props}
    >
      {open ? <ModalContext.Provider value={parts}>{children}</ModalContext.Provider> : null}
    </dialog>
  );
}

/** The modal's heading and accessible name. */
export function ModalTitle(props: Omit<ComponentProps<'h2'>, 'id'>) {
  const { titleId } = useModalParts('ModalTitle');
  return <h2 id={titleId} {...props} />;
}

/** The line read with the name when the modal opens. */
export function ModalDescription(props: Omit<ComponentProps<'p'>, 'id'>) {
  const { descriptionId } = useModalParts('ModalDescription');
  return <p id={descriptionId} {...props} />;
}

/** A button that closes the modal the way Escape does. */
export function ModalClose({ onClick, ...props }: Omit<ComponentProps<'button'>, 'type'>) {
  const { close } = useModalParts('ModalClose');
  return (
    <button
      type="button"
      onClick={(event) => {
        onClick?.(event);
        close();
      }}
      {...props}
    />
  );
}
