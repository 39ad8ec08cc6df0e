import { useRef, useState, type MouseEvent } from 'react';
import type { Image } from '../../common/content';
import { useHydrated } from '../lib/hooks/use-hydrated';
import { Lightbox } from './Lightbox';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/** Thumbnails likely to be in the first screen at either width load at once; the rest lazily. */
const EAGER = 4;

/**
 * An album's photos as a grid of links to the full-size files, so every photo is in the server HTML
 * and reachable without JavaScript. Once the page is interactive a plain click opens the lightbox
 * instead (a click with a modifier key still opens the file, e.g. in a new tab).
 */
export function PhotoGallery({ photos }: { photos: readonly Image[] }) {
  const [index, setIndex] = useState<number | null>(null);
  const ready = useHydrated();
  const opener = useRef<number>(0);
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  const total = photos.length;

  const open = (event: MouseEvent<HTMLAnchorElement>, i: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = i;
    setIndex(i);
  };

  return (
    <>
      <ul
        className="grid grid-cols-2 gap-2 sm:gap-3 md:grid-cols-3 lg:grid-cols-4 lg:gap-4"
        data-lightbox={ready ? 'ready' : undefined}
      >
        {photos.map((photo, i) => (
          <li key={photo.src}>
            <a
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              href={photo.src}
              onClick={(event) => open(event, i)}
              // Before hydration the boot script holds the click for the lightbox (ADR 028).
              data-hold-click=""
              aria-label={`Open photo ${i + 1} of ${total}: ${photo.alt}`}
              className="group block overflow-hidden rounded-lg bg-brand-50 shadow-sm ring-1 ring-slate-900/5 transition-shadow hover:shadow-md"
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
      <Lightbox
        photos={photos}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
        returnFocusTo={() => thumbs.current[opener.current]}
      />
    </>
  );
}
