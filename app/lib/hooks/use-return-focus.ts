import { useCallback, useRef } from 'react';

/**
 * Radix Dialog gives focus back only to its own Trigger; ours open from buttons elsewhere (every
 * Donate button, Sign up). Spread the two handlers on Dialog.Content: the element that had focus
 * when the dialog opened gets it back when it closes.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const onOpenAutoFocus = useCallback(() => {
    // Called before focus moves into the dialog, so this is still the button that opened it.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const onCloseAutoFocus = useCallback((event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  }, []);
  return { onOpenAutoFocus, onCloseAutoFocus };
}
