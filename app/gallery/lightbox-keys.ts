/** Escape closes, arrows move, focus follows. Self-contained: its source is also the inline script. */
export function lightboxKeys(d: Document): () => void {
  const shown = () => d.querySelector('.lightbox-slide:target');
  const keys: Record<string, string> = { Escape: 'close', ArrowLeft: 'previous', ArrowRight: 'next' };
  const onKey = (event: KeyboardEvent) => {
    const slide = shown();
    const action = keys[event.key];
    if (!slide || !action || event.altKey || event.ctrlKey || event.metaKey) return;
    const link = slide.querySelector<HTMLAnchorElement>(`[data-lightbox="${action}"]`);
    if (!link) return;
    event.preventDefault();
    link.click();
  };
  const onTarget = () => {
    const target = d.querySelector(':target');
    if (target?.classList.contains('lightbox-slide')) target.querySelector<HTMLElement>('[data-lightbox="close"]')?.focus({ preventScroll: true });
    else if (target instanceof HTMLElement && target.hasAttribute('data-lightbox-thumb')) target.focus();
  };
  d.addEventListener('keydown', onKey);
  d.defaultView?.addEventListener('hashchange', onTarget);
  onTarget();
  return () => {
    d.removeEventListener('keydown', onKey);
    d.defaultView?.removeEventListener('hashchange', onTarget);
  };
}
