import type { Sponsor, Sponsors } from '../../common/content';
import { ContentImage, SectionHeading } from './ContentBlocks';

/** Two logos to a row at 768 px and below (spec §9), four above. */
export function SponsorGallery({ page }: { page: Sponsors }) {
  const title = page.titleSponsor;
  return (
    <>
      <section aria-labelledby="title-sponsor" className="mx-auto max-w-5xl px-4 py-12">
        <SectionHeading id="title-sponsor" center>
          Title Sponsor
        </SectionHeading>
        <div className="mt-8 grid items-center gap-6 rounded-2xl bg-white p-5 shadow-md ring-2 ring-gold-300 desk:grid-cols-[24rem_1fr] desk:gap-10 desk:p-8">
          <SponsorLink sponsor={title} priority className="mx-auto block w-full max-w-xs desk:max-w-none" />
          <div>
            <h3 className="text-2xl font-bold text-brand-800">{title.name}</h3>
            <p className="mt-3 text-lg leading-relaxed text-slate-700">{title.blurb}</p>
          </div>
        </div>
      </section>
      <section aria-labelledby="sponsors" className="bg-brand-50 py-12">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="sponsors" center>
            Sponsors
          </SectionHeading>
          <ul className="mt-8 flex flex-wrap justify-center gap-3 desk:gap-6">
            {page.sponsors.map((sponsor) => (
              <li key={sponsor.href} className="w-[calc(50%-0.375rem)] desk:w-[calc(25%-1.125rem)]">
                <SponsorLink sponsor={sponsor} className="block" />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

function SponsorLink({ sponsor, priority = false, className }: { sponsor: Sponsor; priority?: boolean; className?: string }) {
  return (
    <a
      href={sponsor.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${sponsor.name} (opens in a new tab)`}
      className={`${className ?? ''} overflow-hidden rounded-xl bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg desk:rounded-2xl`}
    >
      <ContentImage image={sponsor.logo} priority={priority} className="h-auto w-full" />
    </a>
  );
}
