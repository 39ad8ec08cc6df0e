/**
 * Closes the menus on an outside press, Escape and focus leaving, where HTML does not. Self-contained:
 * its source is also the inline script (app/root.tsx). Returns what undoes it.
 */
export function disclosureMenus(d: Document): () => void {
  const openMenus = () => Array.from(d.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]'));
  const onPointer = (event: PointerEvent) => {
    for (const menu of openMenus()) if (!(event.target instanceof Node && menu.contains(event.target))) menu.open = false;
  };
  const onKey = (event: KeyboardEvent) => {
    const menu = event.key === 'Escape' && event.target instanceof Element ? event.target.closest<HTMLDetailsElement>('details[data-menu][open]') : null;
    if (!menu) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  };
  const onFocusOut = (event: FocusEvent) => {
    const menu = event.target instanceof Element ? event.target.closest<HTMLElement>('details[data-menu], [popover][data-menu]') : null;
    // To another element outside the menu, not to nowhere (a click on plain text).
    if (!menu || !(event.relatedTarget instanceof Node) || menu.contains(event.relatedTarget)) return;
    if (menu instanceof HTMLDetailsElement) menu.open = false;
    else if ('hidePopover' in menu && menu.matches(':popover-open')) menu.hidePopover();
  };
  d.addEventListener('pointerdown', onPointer);
  d.addEventListener('keydown', onKey);
  d.addEventListener('focusout', onFocusOut);
  return () => {
    d.removeEventListener('pointerdown', onPointer);
    d.removeEventListener('keydown', onKey);
    d.removeEventListener('focusout', onFocusOut);
  };
}
