import { useEffect, useEffectEvent, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';

type DialogProps = Omit<ComponentProps<'dialog'>, 'id' | 'open' | 'children' | 'onClose' | 'ref'>;

/**
 * A modal dialog on the browser's own `<dialog>`, in the page's HTML from the start (ADR 030, 042).
 * A `ModalOpener` (or any button with `commandfor={id} command="show-modal"`) opens it with no
 * script at all; the browser makes the page inert, moves focus to the first control inside (or the
 * one marked `autoFocus`), closes it on Escape or a `ModalClose`, and gives focus back to the opener.
 * A click on the backdrop does nothing, so a stray tap never throws a payment form away.
 *
 * `onOpenChange` hears every opening and closing, however it came about. A dialog whose opening
 * depends on state (the lightbox's photo) passes `open` as well and is shown and closed from it.
 * Look and motion are in app.css (`dialog.modal`); no style is injected at run time.
 */
export function Modal({
  id,
  open,
  onOpenChange,
  className = '',
  children,
  ...props
}: DialogProps & {
  /** Names the dialog for its openers, and prefixes the ids of its title and description. */
  id: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const changed = useEffectEvent((next: boolean) => onOpenChange?.(next));

  // React does not listen for a dialog's `toggle` on a page it hydrated: listen here.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onToggle = (event: Event) => changed((event as ToggleEvent).newState === 'open');
    dialog.addEventListener('toggle', onToggle);
    // Opened before React ran (by its opener, on a slow phone): say so once.
    if (dialog.open) changed(true);
    return () => dialog.removeEventListener('toggle', onToggle);
  }, []);

  // A layout effect: shown, and focus inside, before the browser paints.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog || open === undefined || open === dialog.open) return;
    if (open) dialog.showModal();
    else dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className={`modal ${className}`}
      // Opened by the visitor before hydration: the browser's `open` attribute is not React's.
      suppressHydrationWarning
      {...props}
    >
      {children}
    </dialog>
  );
}

/** The modal's heading and accessible name. */
export function ModalTitle({ modalId, ...props }: Omit<ComponentProps<'h2'>, 'id'> & { modalId: string }) {
  return <h2 id={`${modalId}-title`} {...props} />;
}

/** The line read with the name when the modal opens. */
export function ModalDescription({ modalId, ...props }: Omit<ComponentProps<'p'>, 'id'> & { modalId: string }) {
  return <p id={`${modalId}-description`} {...props} />;
}

/** A button that closes the modal the way Escape does. */
export function ModalClose({ modalId, ...props }: Omit<ComponentProps<'button'>, 'type' | 'command' | 'commandfor'> & { modalId: string }) {
  return <button type="button" commandfor={modalId} command="close" {...props} />;
}

/** A button that opens the modal, with or without JavaScript. */
export function ModalOpener({ modalId, ...props }: Omit<ComponentProps<'button'>, 'type' | 'command' | 'commandfor'> & { modalId: string }) {
  return <button type="button" commandfor={modalId} command="show-modal" {...props} />;
}
