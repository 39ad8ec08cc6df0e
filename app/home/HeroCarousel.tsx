import type { Image } from '../../common/content';
import { Carousel } from '../ui/Carousel';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/** Spec §9: one slide at a time, autoplay every 3 seconds. */
export function HeroCarousel({ slides }: { slides: Image[] }) {
  return (
    <div className="bg-brand-800">
      <div className="mx-auto max-w-6xl">
        <Carousel
          label="Highlights"
          delay={3000}
          slideClassName="basis-full"
          // On a phone the buttons get their own row: over the slide they would hide its text.
          controlsClassName="h-14 sm:absolute sm:right-3 sm:bottom-3 sm:h-auto"
          slides={slides.map((image, index) => ({
            key: image.src,
            content: (
              <ResponsiveImage
                image={image}
                sizes="(min-width: 1280px) 1280px, 100vw"
                // The first slide is the largest thing on the page.
                loading={index === 0 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'low'}
                className="block h-auto w-full"
              />
            ),
          }))}
        />
      </div>
    </div>
  );
}
