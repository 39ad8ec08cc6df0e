import { Link } from 'react-router';
import { formatCents } from '../../common/money';
import { leftText, type OfferedPackage, type ShownSponsor } from '../../common/sponsorships';
import { SponsorLogos } from './SponsorLogos';

/** The event page's packages for sale and its approved sponsors (ADR 052). */
export function EventSponsorships({ eventNumber, packages, sponsors }: { eventNumber: number; packages: OfferedPackage[]; sponsors: ShownSponsor[] }) {
  return (
    <>
      {sponsors.length > 0 ? (
        <section aria-labelledby="event-sponsors" className="mt-10">
          <h2 id="event-sponsors" className="text-xl font-bold text-brand-800">
            Our sponsors
          </h2>
          <div className="mt-3">
            <SponsorLogos sponsors={sponsors} />
          </div>
        </section>
      ) : null}
      {packages.length > 0 ? (
        <section aria-labelledby="sponsor-packages" className="mt-10">
          <h2 id="sponsor-packages" className="text-xl font-bold text-brand-800">
            Sponsor this event
          </h2>
          <ul className="mt-3 space-y-3">
            {packages.map((p) => (
              <li key={p.id} className="rounded-md border border-slate-200 p-4">
                <p className="flex flex-wrap items-baseline gap-x-3">
                  <strong className="text-lg text-brand-800">{p.name}</strong>
                  <span className="font-semibold">{formatCents(p.priceCents)}</span>
                  <span className={p.left <= 0 ? 'font-semibold text-red-800' : 'text-slate-700'}>{leftText(p)}</span>
                </p>
                <p className="mt-1 break-words whitespace-pre-line text-slate-700">{p.includes}</p>
                {p.left > 0 ? (
                  <Link to={`/events/${eventNumber}/sponsor?package=${p.id}`} className="mt-2 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800" aria-label={`Sponsor as ${p.name}`}>
                    Become a sponsor
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
