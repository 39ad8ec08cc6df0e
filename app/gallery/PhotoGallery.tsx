import { useEffect } from 'react';
import type { Image } from '../../common/content';
import { InlineScript } from '../lib/inline-script';
import { ChevronLeftIcon, ChevronRightIcon, CloseIcon } from '../ui/icons';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { lightboxKeys } from './lightbox-keys';

/** Likely in the first screen at either width. */
const EAGER = 4;

const navButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-white/10 px-4 py-2 font-semibold text-white ring-1 ring-white/25 transition-colors hover:bg-white/20 active:bg-white/30 desk:size-14 desk:px-0';

/**
 * The lightbox is HTML and CSS (app.css `.lightbox`): thumbnails link to photos in a scroll-snap
 * strip shown while one is the page's target. A few inline lines add keys and focus (lightbox-keys.ts).
 */
export function PhotoGallery({ photos }: { photos: readonly Image[] }) {
  const total = photos.length;
  const number = (i: number) => ((i + total) % total) + 1;
  // The inline script only runs on arrival; a page reached client-side gets the keys here.
  useEffect(() => lightboxKeys(document), []);

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 lg:grid-cols-4 lg:gap-4">
        {photos.map((photo, i) => (
          <li key={photo.src}>
            <a
              id={`thumb-${i + 1}`}
              href={`#photo-${i + 1}`}
              data-lightbox-thumb=""
              aria-label={`Open photo ${i + 1} of ${total}: ${photo.alt}`}
              className="group block scroll-mt-24 overflow-hidden rounded-lg bg-brand-50 shadow-sm ring-1 ring-slate-900/5 transition-shadow hover:shadow-md"
            >
              <ResponsiveImage
                image={photo}
                sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                loading={i < EAGER ? undefined : 'lazy'}
                decoding="async"
                className="aspect-[3/2] h-auto w-full object-cover transition duration-300 group-hover:scale-105 group-hover:brightness-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
              />
            </a>
          </li>
        ))}
      </ul>
      <div className="lightbox text-white">
        <div className="lightbox-strip">
          {photos.map((photo, i) => (
            <div
              key={photo.src}
              id={`photo-${i + 1}`}
              role="group"
              aria-labelledby={`photo-${i + 1}-title`}
              aria-describedby={`photo-${i + 1}-caption`}
              className="lightbox-slide grid grid-cols-2 grid-rows-[auto_minmax(0,1fr)_auto_auto] gap-x-3 desk:grid-cols-[auto_minmax(0,1fr)_auto] desk:grid-rows-[auto_minmax(0,1fr)_auto] desk:gap-x-4"
            >
              <div className="col-span-full flex items-center justify-between gap-4 px-3 pt-3 desk:px-6 desk:pt-4">
                <h2 id={`photo-${i + 1}-title`} className="text-base font-semibold tracking-wide text-slate-100 tabular-nums">
                  Photo {i + 1} of {total}
                </h2>
                <a
                  href={`#thumb-${i + 1}`}
                  data-lightbox="close"
                  aria-label="Close"
                  className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/25 transition-colors hover:bg-white/20 desk:size-12"
                >
                  <CloseIcon />
                </a>
              </div>
              <a
                href={`#photo-${number(i - 1)}`}
                data-lightbox="previous"
                aria-label="Previous photo"
                className={`${navButton} col-start-1 row-start-4 mx-3 mb-4 self-center justify-self-stretch desk:row-start-2 desk:mx-0 desk:mb-0 desk:ml-6 desk:justify-self-auto`}
              >
                <ChevronLeftIcon className="size-6 shrink-0" />
                <span className="desk:sr-only">Previous</span>
              </a>
              <div className="col-span-full row-start-2 flex min-h-0 items-center justify-center p-3 desk:col-span-1 desk:col-start-2 desk:py-4">
                <ResponsiveImage
                  image={photo}
                  sizes="100vw"
                  loading="lazy"
                  decoding="async"
                  className="block h-auto max-h-full w-auto max-w-full rounded-md object-contain shadow-2xl desk:max-h-[80vh]"
                />
              </div>
              <a
                href={`#photo-${number(i + 1)}`}
                data-lightbox="next"
                aria-label="Next photo"
                className={`${navButton} col-start-2 row-start-4 mx-3 mb-4 self-center justify-self-stretch desk:col-start-3 desk:row-start-2 desk:mx-0 desk:mr-6 desk:mb-0 desk:justify-self-auto`}
              >
                <span className="desk:sr-only">Next</span>
                <ChevronRightIcon className="size-6 shrink-0" />
              </a>
              <p
                id={`photo-${i + 1}-caption`}
                className="col-span-full row-start-3 mx-auto max-w-3xl px-4 pb-4 text-center text-base text-slate-100 desk:pb-6 desk:text-lg"
              >
                {photo.alt}
              </p>
            </div>
          ))}
        </div>
      </div>
      <InlineScript run={lightboxKeys} />
    </>
  );
}
