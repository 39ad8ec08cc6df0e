import { Link } from 'react-router';
import type { CampaignProgress as Progress } from '../../../common/campaigns';
import { CampaignProgressBar } from '../../campaigns/CampaignProgress';

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
            <p className="mb-2 font-semibold">
              <Link to="/admin/campaigns" className="underline">
                {c.name}
              </Link>
            </p>
            <CampaignProgressBar progress={c} idPrefix={`overview-campaign-${c.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
