import { Link } from 'react-router';
import type { Image } from '../../common/content';
import { useRootData } from '../lib/root-data';
import { Carousel } from '../ui/Carousel';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/**
 * Spec §9: one slide at a time, autoplay every 3 seconds. Wide pictures make a thin strip on a
 * phone, their words about 10 px high: the site's tagline and a way on follow in real text.
 */
export function HeroCarousel({ slides }: { slides: Image[] }) {
  const tagline = useRootData()?.site?.tagline;
  return (
    <div className="bg-brand-50">
      {/* Edge to edge up to the pictures' own width (1600 px): no bands at the sides on a laptop. */}
      <div className="mx-auto max-w-[100rem] bg-brand-800">
        <Carousel
          label="Highlights"
          delay={3000}
          slideClassName="basis-full"
          // On a phone the buttons get their own row: over the slide they would hide its text.
          controlsClassName="h-14 bg-brand-50 sm:absolute sm:right-3 sm:bottom-3 sm:h-auto sm:bg-transparent"
          slides={slides.map((image, index) => ({
            key: image.src,
            content: (
              <ResponsiveImage
                image={image}
                sizes="(min-width: 1600px) 1600px, 100vw"
                // The first slide is the largest thing on the page.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="block h-auto w-full"
              />
            ),
          }))}
        />
      </div>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pt-2 pb-6 sm:flex-row sm:items-center sm:justify-between sm:py-5">
        {tagline ? <p className="text-xl leading-snug font-semibold text-brand-900 sm:text-2xl">{tagline}</p> : null}
        <Link
          to="/events"
          className="inline-flex shrink-0 items-center justify-center gap-2 self-start rounded-md bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 sm:self-auto"
        >
          See our events <span aria-hidden="true">→</span>
        </Link>
      </div>
    </div>
  );
}
