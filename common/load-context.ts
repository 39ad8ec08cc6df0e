import type { BackOfficeContext } from './back-office';
import type { CampaignsService } from './campaigns';
import type { ScholarshipRoundsService } from './scholarship-rounds';
import type { PageContent, PageKey } from './content';
import type { ApiEvent } from './events';
import type { GivingSettingsPort } from './giving-settings';
import type { IslandsFiles } from './islands';
import type { ReceiptsPages } from './receipts';
import type { ScholarshipApplicationsService } from './scholarship-applications';
import type { ScholarshipReviewsService } from './scholarship-reviews';
import type { SupporterContext } from './supporters';
import type { SponsorshipsService } from './sponsorships';
import type { WaitlistsService } from './waitlist';

/** Typed here so app/ can use the load context without importing server code. */

export type SitePage = { [K in PageKey]: { page: K; data: PageContent<K> } }[PageKey];

export interface ContentService {
  /** Spec §7 GET /api/content/all. */
  all(): Promise<SitePage[]>;
  /** Null when the page has no content yet. */
  page<K extends PageKey>(key: K): Promise<PageContent<K> | null>;
}

export interface EventsService {
  upcoming(): Promise<ApiEvent[]>;
  all(): Promise<ApiEvent[]>;
  /** `drafts` for staff previewing; rejects with not-found or validation errors. */
  byNumber(raw: string | number, options?: { drafts?: boolean }): Promise<ApiEvent>;
  /** Counting live holds; null when the event has no capacity. */
  placesLeft(eventNumber: number): Promise<number | null>;
}

export interface AppServices {
  content: ContentService;
  events: EventsService;
  /** ADR 025. */
  receipts: ReceiptsPages;
  /** ADR 046: the Donation Form's suggested amounts. */
  giving: GivingSettingsPort;
  /** ADR 047. */
  campaigns: CampaignsService;
  /** ADR 051: rounds, the Scholarship page's block, winners' profiles. */
  scholarshipRounds: ScholarshipRoundsService;
  /** Issue 34: the applicant's side of the scholarship round. */
  scholarshipApplications: ScholarshipApplicationsService;
  /** ADR 051: assignments, the blind review, the committee. */
  scholarshipReviews: ScholarshipReviewsService;
  /** ADR 052: sponsorship packages and approved sponsors. */
  sponsorships: SponsorshipsService;
  /** ADR 053: the visitor's side of the waiting lists. */
  waitlists: WaitlistsService;
}

/** Nothing secret ever goes here. */
export interface PublicConfig {
  /** Never taken from a request's Host header. */
  publicUrl: string;
  payments: { provider: 'stripe'; publishableKey: string } | { provider: 'simulated' };
}

export interface AppLoadContextValue {
  services: AppServices;
  publicConfig: PublicConfig;
  contentSecurityPolicy: (scriptHashes: string[]) => string;
  /** ADR 043. */
  supporters: SupporterContext;
  backOffice: BackOfficeContext;
  /** ADR 042; null when the server renders no pages. */
  islands: IslandsFiles | null;
}
