import type { Sponsor } from '../../common/content';
import type { ShownSponsor } from '../../common/sponsorships';
import { Carousel } from '../ui/Carousel';
import { ResponsiveImage } from '../ui/ResponsiveImage';

/** Spec §9: three logos centred, one below 600 px, moving one at a time; dots at 1024 px and below. */
/** `approved`: sponsors who bought a package (ADR 052), dearest package first, before the page's own. */
export function SponsorsCarousel({ sponsors, approved = [] }: { sponsors: Sponsor[]; approved?: ShownSponsor[] }) {
  return (
    <Carousel
      label="Our sponsors"
      delay={3000}
      align="center"
      slideClassName="basis-full px-3 min-[600px]:basis-1/3"
      dotsClassName="min-[1025px]:hidden"
      controlsClassName="mt-4 h-11"
      slides={[
        ...approved.map((sponsor) => ({
          key: `approved-${sponsor.id}`,
          content: (
            <div className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              {sponsor.link ? (
                <a href={sponsor.link} target="_blank" rel="noopener noreferrer" aria-label={`${sponsor.displayName} (opens in a new tab)`} className="block">
                  <img src={sponsor.logo.src} alt="" width={sponsor.logo.width} height={sponsor.logo.height} loading="lazy" className="mx-auto h-24 w-full max-w-60 object-contain" />
                </a>
              ) : (
                <img src={sponsor.logo.src} alt={sponsor.displayName} width={sponsor.logo.width} height={sponsor.logo.height} loading="lazy" className="mx-auto h-24 w-full max-w-60 object-contain" />
              )}
            </div>
          ),
        })),
        ...sponsors.map((sponsor) => ({
        key: sponsor.href,
        content: (
          <a
            href={sponsor.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${sponsor.name} (opens in a new tab)`}
            className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md"
          >
            <ResponsiveImage
              image={sponsor.logo}
              sizes="240px"
              loading="lazy"
              className="mx-auto h-auto w-full max-w-60"
            />
          </a>
        ),
      })),
      ]}
    />
  );
}
