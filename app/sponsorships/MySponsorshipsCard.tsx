import { Link } from 'react-router';
import { formatCalendarDate } from '../../common/dates';
import { namingPath, type MySponsorship } from '../../common/sponsorships';

/** ADR 054: the dashboard's sponsorships whose packages include places, and how many are named. */
export function MySponsorshipsCard({ sponsorships }: { sponsorships: MySponsorship[] }) {
  if (sponsorships.length === 0) return null;
  return (
    <section aria-labelledby="my-sponsorships" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="my-sponsorships" className="text-xl font-semibold text-brand-800">
        Sponsorships
      </h2>
      <ul className="mt-4 space-y-4">
        {sponsorships.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {s.event.name}: {s.packageName}
              </p>
              <p className="text-slate-700">
                {s.companyName} · {s.places.what} · {s.places.named} of {s.places.seats} named
                {s.open ? `, due ${formatCalendarDate(s.places.dueOn)}` : ''}
              </p>
            </div>
            <Link to={namingPath(s.id)} className="rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
              {s.open ? 'Name who is coming' : 'See the names'}
              <span className="sr-only"> for {s.event.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
