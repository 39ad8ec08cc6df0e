/**
 * What the site's menus need beyond HTML. A `<details data-menu>` (the desktop About menu) closes
 * on a press outside it, on Escape (focus back on its summary) and when focus leaves it; a
 * `popover` with `data-menu` (the phone menu) closes when focus leaves it (the browser closes it on
 * Escape and a press outside). A page React runs calls this from an effect; a page without scripts
 * runs its source inline (app/root.tsx). Self-contained, since its source is also the inline script.
 * Returns what undoes it.
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
    // To another element outside the menu (not to nowhere, as a click on plain text does).
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
