import type { CampaignProgressRow } from '../../../common/back-office';
import { formatCents } from '../../../common/money';

/**
 * Each running campaign's progress on the overview. The campaigns feature feeds it (through
 * Overview.campaigns); with none running the section is left out.
 */
export function CampaignProgress({ campaigns }: { campaigns: CampaignProgressRow[] }) {
  if (campaigns.length === 0) return null;
  return (
    <section aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading" className="mb-3 text-lg font-bold">
        Campaigns
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {campaigns.map((c) => {
          const percent = c.goalCents > 0 ? Math.min(100, Math.round((c.raisedCents / c.goalCents) * 100)) : 0;
          return (
            <li key={c.name} className="rounded-lg border border-slate-300 bg-white p-4">
              <p className="font-semibold">{c.name}</p>
              <p className="mt-1 text-sm">
                <strong>{formatCents(c.raisedCents)}</strong> of {formatCents(c.goalCents)} · {c.gifts} {c.gifts === 1 ? 'gift' : 'gifts'}
                {c.daysLeft === null ? '' : ` · ${c.daysLeft} ${c.daysLeft === 1 ? 'day' : 'days'} left`}
              </p>
              <div
                role="progressbar"
                aria-label={`${c.name}: raised of goal`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-2 h-2 overflow-hidden rounded bg-slate-200"
              >
                <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
