import type { BackOfficeContext } from './back-office';
import type { PageContent, PageKey } from './content';
import type { ApiEvent } from './events';
import type { IslandsFiles } from './islands';
import type { ReceiptsPages } from './receipts';
import type { SupporterContext } from './supporters';

/**
 * What the server hands to route loaders (React Router's load context): one wiring point,
 * typed here so app/ can use it without importing server code.
 */

/** One content page as GET /api/content/all lists it. */
export type SitePage = { [K in PageKey]: { page: K; data: PageContent<K> } }[PageKey];

export interface ContentService {
  /** The whole site content as one list (spec §7 GET /api/content/all). */
  all(): Promise<SitePage[]>;
  /** One page's content, parsed with its schema; null when the page has no content yet. */
  page<K extends PageKey>(key: K): Promise<PageContent<K> | null>;
}

export interface EventsService {
  upcoming(): Promise<ApiEvent[]>;
  all(): Promise<ApiEvent[]>;
  /** Rejects with a not-found error for an unknown number and a validation error for a non-number. */
  /** A published event; with `drafts` (staff previewing one) an unpublished one too. */
  byNumber(raw: string | number, options?: { drafts?: boolean }): Promise<ApiEvent>;
  /** Places (teams or attendees) still free, counting live holds; null when the event has no capacity. */
  placesLeft(eventNumber: number): Promise<number | null>;
}

export interface AppServices {
  content: ContentService;
  events: EventsService;
  /** Receipt pages opened from a signed link (ADR 025). */
  receipts: ReceiptsPages;
}

/** Settings the browser may see; nothing secret ever goes here. */
export interface PublicConfig {
  /**
   * The site's absolute address for canonical links, the sitemap and structured data: PUBLIC_URL,
   * else the address the server listens on. Never taken from a request's Host header.
   */
  publicUrl: string;
  /** Which card form the browser shows: Stripe's Payment Element, or the simulated test-mode form. */
  payments: { provider: 'stripe'; publishableKey: string } | { provider: 'simulated' };
}

export interface AppLoadContextValue {
  services: AppServices;
  publicConfig: PublicConfig;
  /** The page's Content-Security-Policy, allowing exactly the inline scripts with these hashes. */
  contentSecurityPolicy: (scriptHashes: string[]) => string;
  /** The signed-in supporter and the account forms (ADR 043). */
  supporters: SupporterContext;
  /** Staff sign-in and the back office's data; only /admin routes use it. */
  backOffice: BackOfficeContext;
  /** The files of the islands a page without scripts starts on demand (ADR 042); null when the server renders no pages. */
  islands: IslandsFiles | null;
}
