import type { ActionResult, FormFields, StaffActor } from './back-office';
import { addCalendarDays, parseCalendarDate } from './dates';

/** Campaigns with a goal (issue 33, ADR 047). Amounts are integer cents; days are the foundation's calendar days. */

export const CAMPAIGN_PATH = (slug: string) => `/give/${slug}`;

/** Lower-case words joined by hyphens: what /give/<slug> accepts. */
export const CAMPAIGN_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const CAMPAIGN_SLUG_MAX = 80;

export type CampaignPhase = 'upcoming' | 'open' | 'ended';

export interface CampaignProgress {
  id: number;
  slug: string;
  name: string;
  goalCents: number;
  /** Kept money of paid gifts (net of refunds). */
  raisedCents: number;
  gifts: number;
  phase: CampaignPhase;
  /** Today included; 0 once it ended, the whole run before it starts. */
  daysLeft: number;
  /** 0 to 100, for the bar (raised may pass the goal). */
  percent: number;
  startsOn: string;
  endsOn: string;
}

type Picture = { src: string; width: number; height: number; alt: string };

/** What the campaign page shows. */
export interface CampaignPage {
  progress: CampaignProgress;
  story: string[];
  image: Picture | null;
  /** A Family of the Year card links here: gifts earmarked for a named person are not deductible. */
  namesFamily: boolean;
  /** First names only, newest first, never anonymous gifts (ADR 047). */
  supporters: { firstName: string; paidOn: string }[];
}

/** The home page's card. */
export interface FeaturedCampaign {
  progress: CampaignProgress;
  image: Picture | null;
  summary: string;
}

/** Days between two calendar days: the second minus the first. */
function daysBetween(from: string, to: string): number {
  const utc = (iso: string) => {
    const [y, m, d] = parseCalendarDate(iso);
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export function campaignPhase(startsOn: string, endsOn: string, today: string): CampaignPhase {
  if (today < startsOn) return 'upcoming';
  return today > endsOn ? 'ended' : 'open';
}

export function campaignProgress(
  campaign: { id: number; slug: string; name: string; goalCents: number; startsOn: string; endsOn: string },
  totals: { raisedCents: number; gifts: number },
  today: string,
): CampaignProgress {
  const phase = campaignPhase(campaign.startsOn, campaign.endsOn, today);
  const lastDayAfter = addCalendarDays(campaign.endsOn, 1);
  const daysLeft = phase === 'ended' ? 0 : daysBetween(phase === 'upcoming' ? campaign.startsOn : today, lastDayAfter);
  const percent = Math.min(100, Math.floor((totals.raisedCents * 100) / campaign.goalCents));
  return { id: campaign.id, slug: campaign.slug, name: campaign.name, goalCents: campaign.goalCents, ...totals, phase, daysLeft, percent, startsOn: campaign.startsOn, endsOn: campaign.endsOn };
}

/** "Ann Marie Smith" → "Ann": the donor gave a name, not leave to show all of it. */
export function firstNameOf(donorName: string): string {
  return donorName.trim().split(/\s+/)[0] ?? '';
}

/** Said on every receipt of a campaign gift, after the IRS wording. */
export function campaignDiscretionLine(organization: string, campaignName: string): string {
  return `This gift was made to the campaign “${campaignName}”. ${organization} keeps full discretion over the use of the gift.`;
}

/** Said where a campaign names a family: on its page and its gifts' receipts. */
export const EARMARKED_NOT_DEDUCTIBLE = 'A gift earmarked for a named person is not tax-deductible; gifts to this campaign go to the foundation, which decides how they are used.';

/** Added after the IRS wording on a campaign gift's receipt (page, PDF and email). */
export function campaignWording(organization: string, campaign: { name: string; namesFamily: boolean } | null): string[] {
  if (!campaign) return [];
  return [campaignDiscretionLine(organization, campaign.name), ...(campaign.namesFamily ? [EARMARKED_NOT_DEDUCTIBLE] : [])];
}

/** The back office's list: the row and its progress. */
export interface CampaignAdminView {
  id: number;
  slug: string;
  name: string;
  story: string;
  image: Picture | null;
  goalCents: number;
  startsOn: string;
  endsOn: string;
  familyYear: number | null;
  published: boolean;
  featured: boolean;
  progress: CampaignProgress;
}

export type SaveCampaignResult = { ok: true; message: string; id: number; slug: string } | { ok: false; errors: Record<string, string> };

/** Typed here so app/ can call it without importing server code. */
export interface CampaignsService {
  /** Null for an unknown slug or a draft. */
  page(slug: string): Promise<CampaignPage | null>;
  /** The one the home page shows, if staff chose one. */
  featured(): Promise<FeaturedCampaign | null>;
  /** Family of the Year cards that link to a campaign instead of GoFundMe, by the family's year. */
  familyLinks(): Promise<Record<number, { slug: string; name: string }>>;
  /** The published ones' slugs, for the sitemap. */
  publishedSlugs(): Promise<string[]>;
  /** Every campaign's raised, goal, gifts and days left. */
  progressOfAll(): Promise<CampaignProgress[]>;
  forStaff(): Promise<{ campaigns: CampaignAdminView[]; families: { year: number; header: string }[] }>;
  /** id null creates; the fields are parsed here (a volunteer saves drafts, an admin publishes). */
  save(actor: StaffActor, id: number | null, fields: FormFields): Promise<SaveCampaignResult>;
  /** Admins only; null takes it off the home page. */
  feature(actor: StaffActor, id: number | null): Promise<ActionResult>;
}
