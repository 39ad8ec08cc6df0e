import { useEffect, useEffectEvent, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';

type DialogProps = Omit<ComponentProps<'dialog'>, 'id' | 'open' | 'children' | 'onClose' | 'ref'>;

/**
 * The browser's own `<dialog>`, in the HTML from the start (ADR 030, 042): openers work with no
 * script. A backdrop click does nothing, so a stray tap never throws a payment form away.
 * Pass `open` only when opening depends on state (the lightbox's photo).
 */
export function Modal({
  id,
  open,
  openOnLoad = false,
  onOpenChange,
  className = '',
  children,
  ...props
}: DialogProps & {
  /** Also prefixes the ids of its title and description. */
  id: string;
  open?: boolean;
  /** Shown once as the page's script starts (a link asked for it); the openers decide after that. */
  openOnLoad?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const changed = useEffectEvent((next: boolean) => onOpenChange?.(next));
  const showOnLoad = useEffectEvent(() => openOnLoad);

  // React does not listen for a dialog's `toggle` on a page it hydrated.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onToggle = (event: Event) => changed((event as ToggleEvent).newState === 'open');
    dialog.addEventListener('toggle', onToggle);
    // Opened before React ran: say so once. Opened now: the `toggle` says so.
    if (dialog.open) changed(true);
    else if (showOnLoad()) dialog.showModal();
    return () => dialog.removeEventListener('toggle', onToggle);
  }, []);

  // Shown, and focus inside, before the browser paints.
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
      // Opened before hydration: the browser's `open` attribute is not React's.
      suppressHydrationWarning
      {...props}
    >
      {children}
    </dialog>
  );
}

export function ModalTitle({ modalId, ...props }: Omit<ComponentProps<'h2'>, 'id'> & { modalId: string }) {
  return <h2 id={`${modalId}-title`} {...props} />;
}

export function ModalDescription({ modalId, ...props }: Omit<ComponentProps<'p'>, 'id'> & { modalId: string }) {
  return <p id={`${modalId}-description`} {...props} />;
}

export function ModalClose({ modalId, ...props }: Omit<ComponentProps<'button'>, 'type' | 'command' | 'commandfor'> & { modalId: string }) {
  return <button type="button" commandfor={modalId} command="close" {...props} />;
}

/** Works with or without JavaScript. */
export function ModalOpener({ modalId, ...props }: Omit<ComponentProps<'button'>, 'type' | 'command' | 'commandfor'> & { modalId: string }) {
  return <button type="button" commandfor={modalId} command="show-modal" {...props} />;
}
