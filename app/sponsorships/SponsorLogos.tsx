import type { ShownSponsor } from '../../common/sponsorships';

/** Approved sponsors by package level, dearest first (ADR 052); the list comes sorted. */
export function SponsorLogos({ sponsors, headingLevel = 'h3' }: { sponsors: ShownSponsor[]; headingLevel?: 'h2' | 'h3' }) {
  const levels = [...new Set(sponsors.map((s) => s.packageName))];
  const Heading = headingLevel;
  return (
    <div className="space-y-6">
      {levels.map((level) => (
        <section key={level} aria-label={`${level} sponsors`}>
          <Heading className="text-lg font-semibold text-slate-800">{level}</Heading>
          <ul className="mt-3 flex flex-wrap gap-4">
            {sponsors
              .filter((s) => s.packageName === level)
              .map((s) => (
                <li key={s.id} className="w-40 max-w-full">
                  <SponsorTile sponsor={s} />
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function SponsorTile({ sponsor }: { sponsor: ShownSponsor }) {
  const inner = (
    <>
      <img src={sponsor.logo.src} alt="" width={sponsor.logo.width} height={sponsor.logo.height} loading="lazy" className="h-20 w-full object-contain" />
      <span className="mt-2 block text-center text-sm font-semibold break-words">{sponsor.displayName}</span>
    </>
  );
  const box = 'block rounded-lg border border-slate-200 bg-white p-3';
  return sponsor.link ? (
    <a href={sponsor.link} target="_blank" rel="noopener noreferrer" className={`${box} text-brand-700 underline hover:shadow-md`}>
      {inner}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <div className={`${box} text-slate-800`}>{inner}</div>
  );
}
