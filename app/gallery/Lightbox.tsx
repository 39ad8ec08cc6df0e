import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import type { Image } from '../../common/content';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../ui/icons';
import { Modal, ModalClose, ModalDescription, ModalTitle } from '../ui/Modal';
import { ResponsiveImage } from '../ui/ResponsiveImage';

interface LightboxProps {
  photos: readonly Image[];
  /** The photo shown, or null when the lightbox is closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Where focus goes when the lightbox closes (the thumbnail that opened it). */
  returnFocusTo: () => HTMLElement | null | undefined;
}

/** Swipes shorter than this (px) are taps, not a change of photo. */
const SWIPE = 50;

/**
 * One photo at a time over a dark backdrop, in a Modal (native dialog: focus kept inside, Escape,
 * inert page).
 * Previous and Next wrap around; the arrow keys and horizontal swipes do the same.
 */
export function Lightbox({ photos, index, onIndexChange, onClose, returnFocusTo }: LightboxProps) {
  const total = photos.length;
  const open = index !== null;
  const current = open ? (index + total) % total : 0;
  const photo = photos[current];
  const touchX = useRef<number | null>(null);

  // Nothing to announce on opening: the dialog's name and description are read then.
  const [changed, setChanged] = useState(false);
  const go = (step: number) => {
    setChanged(true);
    onIndexChange((current + step + total) % total);
  };
  const close = () => {
    setChanged(false);
    onClose();
  };

  // Preload the neighbours so Previous and Next show their photo at once.
  useEffect(() => {
    if (!open || total < 2) return;
    for (const step of [1, -1]) {
      const neighbour = photos[(current + step + total) % total];
      if (neighbour) new window.Image().src = neighbour.src;
    }
  }, [open, current, photos, total]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches.length === 1 ? (event.touches[0]?.clientX ?? null) : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE) return;
    go(end < start ? 1 : -1);
  };

  const navButton =
    'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-white/10 px-4 py-2 font-semibold text-white ring-1 ring-white/25 transition-colors hover:bg-white/20 active:bg-white/30 desk:size-14 desk:px-0';

  return (
    <Modal
      open={open && photo !== undefined}
      onOpenChange={(next) => {
        if (!next) close();
      }}
      returnFocusTo={returnFocusTo}
      onKeyDown={onKeyDown}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      className="m-0 size-full max-h-none max-w-none bg-transparent text-white backdrop:bg-slate-950/75"
    >
      {photo ? (
        // This layer carries its own dark colour too, so its text never relies on the fading backdrop for contrast.
        <div className="grid size-full grid-cols-2 grid-rows-[auto_minmax(0,1fr)_auto_auto] gap-x-3 bg-slate-950/80 transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none desk:grid-cols-[auto_minmax(0,1fr)_auto] desk:grid-rows-[auto_minmax(0,1fr)_auto] desk:gap-x-4">
          <div className="col-span-full flex items-center justify-between gap-4 px-3 pt-3 desk:px-6 desk:pt-4">
            <ModalTitle className="text-base font-semibold tracking-wide text-slate-100 tabular-nums">
              Photo {current + 1} of {total}
            </ModalTitle>
            <ModalClose
              className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/25 transition-colors hover:bg-white/20 desk:size-12"
              aria-label="Close"
            >
              <CloseIcon />
            </ModalClose>
          </div>

          <button
            type="button"
            onClick={() => go(-1)}
            aria-label="Previous photo"
            className={`${navButton} col-start-1 row-start-4 mx-3 mb-4 self-center justify-self-stretch desk:row-start-2 desk:mx-0 desk:mb-0 desk:ml-6 desk:justify-self-auto`}
          >
            <ChevronLeftIcon className="size-6 shrink-0" />
            <span className="desk:sr-only">Previous</span>
          </button>

          {/* Clicking the dark space around the photo closes the lightbox. */}
          <div
            className="col-span-full row-start-2 flex min-h-0 items-center justify-center p-3 desk:col-span-1 desk:col-start-2 desk:py-4"
            onClick={(event) => {
              if (event.target === event.currentTarget) close();
            }}
          >
            <ResponsiveImage
              key={photo.src}
              image={photo}
              sizes="100vw"
              className="block h-auto max-h-full w-auto max-w-full rounded-md object-contain shadow-2xl desk:max-h-[80vh]"
            />
          </div>

          <button
            type="button"
            onClick={() => go(1)}
            aria-label="Next photo"
            className={`${navButton} col-start-2 row-start-4 mx-3 mb-4 self-center justify-self-stretch desk:col-start-3 desk:row-start-2 desk:mx-0 desk:mr-6 desk:mb-0 desk:justify-self-auto`}
          >
            <span className="desk:sr-only">Next</span>
            <ChevronRightIcon className="size-6 shrink-0" />
          </button>

          {/* Tells screen readers which photo Previous, Next or an arrow key brought up. */}
          <p className="sr-only" aria-live="polite" aria-atomic="true">
            {changed ? `Photo ${current + 1} of ${total}: ${photo.alt}` : ''}
          </p>

          <ModalDescription className="col-span-full row-start-3 mx-auto max-w-3xl px-4 pb-4 text-center text-base text-slate-100 desk:pb-6 desk:text-lg">
            {photo.alt}
          </ModalDescription>
        </div>
      ) : null}
    </Modal>
  );
}
