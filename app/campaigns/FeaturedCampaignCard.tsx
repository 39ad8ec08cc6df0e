import { Link } from 'react-router';
import { CAMPAIGN_PATH, type FeaturedCampaign } from '../../common/campaigns';
import { ContentImage } from '../content/ContentBlocks';
import { CampaignProgressBar } from './CampaignProgress';

/** The home page's campaign, when staff feature one (ADR 047). */
export function FeaturedCampaignCard({ campaign }: { campaign: FeaturedCampaign }) {
  const { progress } = campaign;
  return (
    <section aria-labelledby="featured-campaign" className="mx-auto max-w-5xl px-4 pb-12">
      <div className="grid overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 desk:grid-cols-[2fr_3fr]">
        {campaign.image ? <ContentImage image={campaign.image} className="h-auto w-full desk:h-full desk:object-cover" sizes="(min-width: 769px) 40vw, 100vw" /> : null}
        <div className="p-5 desk:p-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Campaign</p>
          <h2 id="featured-campaign" className="mt-1 text-2xl font-bold text-brand-800">
            {progress.name}
          </h2>
          {campaign.summary ? <p className="mt-3 line-clamp-3 text-slate-700">{campaign.summary}</p> : null}
          <div className="mt-4">
            <CampaignProgressBar progress={progress} idPrefix="featured-campaign" />
          </div>
          <Link
            to={CAMPAIGN_PATH(progress.slug)}
            className="mt-5 inline-flex min-h-11 items-center rounded-full bg-brand-700 px-5 py-2 font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            {progress.phase === 'open' ? 'Give to this campaign' : 'See the campaign'}
            <span className="sr-only">: {progress.name}</span>
          </Link>
        </div>
      </div>
    </section>
  );
}
