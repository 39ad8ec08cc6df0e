import { data } from 'react-router';
import type { Route } from './+types/give';
import { CampaignPageBody } from '../campaigns/CampaignPageBody';
import { pageMeta } from '../lib/seo/meta';
import { pageHandle } from '../lib/pages/page-handle';
import { CAMPAIGN_SLUG } from '../../common/campaigns';

const NOT_FOUND = 'There is no campaign at this address.';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!CAMPAIGN_SLUG.test(params.slug)) throw data(NOT_FOUND, { status: 404 });
  const campaign = await context.services.campaigns.page(params.slug);
  if (!campaign) throw data(NOT_FOUND, { status: 404 });
  // The shell's Donation Form gives to this campaign while it is open (ADR 047).
  const donationCampaign = campaign.progress.phase === 'open' ? { id: campaign.progress.id, name: campaign.progress.name, slug: campaign.progress.slug } : null;
  return { campaign, donationCampaign };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  data ? pageMeta(matches, data.campaign.progress.name, data.campaign.story[0], { image: data.campaign.image?.src }) : pageMeta(matches, NOT_FOUND);

export const handle = pageHandle('/give/:slug');

export default function Give({ loaderData: { campaign } }: Route.ComponentProps) {
  return <CampaignPageBody campaign={campaign} />;
}
