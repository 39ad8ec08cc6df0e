import { Link } from 'react-router';
import type { CampaignProgress as Progress } from '../../../common/campaigns';
import { formatCents } from '../../../common/money';

/** Each published campaign that has not ended, on the overview; with none the section is left out. */
export function CampaignProgress({ campaigns }: { campaigns: Progress[] }) {
  if (campaigns.length === 0) return null;
  return (
    <section aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading" className="mb-3 text-lg font-bold">
        Campaigns
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {campaigns.map((c) => (
          <li key={c.id} className="rounded-lg border border-slate-300 bg-white p-4">
            <p className="font-semibold">
              <Link to="/admin/campaigns" className="underline">
                {c.name}
              </Link>
            </p>
            <p className="mt-1 text-sm">
              <strong>{formatCents(c.raisedCents)}</strong> of {formatCents(c.goalCents)} · {c.gifts} {c.gifts === 1 ? 'gift' : 'gifts'} ·{' '}
              {c.phase === 'upcoming' ? 'not started yet' : `${c.daysLeft} ${c.daysLeft === 1 ? 'day' : 'days'} left`}
            </p>
            <div
              role="progressbar"
              aria-label={`${c.name}: raised of goal`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={c.percent}
              className="mt-2 h-2 overflow-hidden rounded bg-slate-200"
            >
              <div className="h-full bg-brand-700" style={{ width: `${c.percent}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
