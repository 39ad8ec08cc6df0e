/**
 * The public pages in one table: routes, the sitemap, the response cache, the measuring scripts and
 * the tests all read it. The back office is not in it.
 */
export interface PublicPage {
  /** Parameters are filled from the site (see PARAMETERS). */
  path: string;
  file: string;
  title: string;
  /** A path with a parameter is listed once per event or album. */
  sitemap: boolean;
  /** The same for every anonymous visitor (ADR 029). */
  cached: boolean;
  /** Without it the page loads no script at all; the Donation Form's card part loads when opened (ADR 042). */
  javascript: boolean;
  measured: boolean;
  /** Cached only when asked without a query string. */
  readsQuery?: boolean;
}

const page = <P extends string>(path: P, file: string, title: string, flags: Omit<PublicPage, 'path' | 'file' | 'title'>): PublicPage & { path: P } => ({
  path,
  file,
  title,
  ...flags,
});

const content = { sitemap: true, cached: true, javascript: false, measured: true };
const interactive = { sitemap: true, cached: true, javascript: true, measured: true };
const personal = { sitemap: false, cached: false, javascript: true, measured: false };

export const PUBLIC_PAGES = [
  page('/', 'routes/home.tsx', 'Home', interactive),
  page('/cof', 'routes/cof.tsx', 'About (COF)', content),
  page('/family', 'routes/family.tsx', 'Family', content),
  page('/staff', 'routes/staff.tsx', 'Staff', content),
  page('/golfers', 'routes/golfers.tsx', 'Golf Pros', content),
  page('/events', 'routes/events.tsx', 'Events', content),
  page('/events/:eventNumber', 'routes/event-detail.tsx', 'Event page', interactive),
  // ADR 052: a business orders a package and pays by card; approved logos are served as the site's own PNG.
  page('/events/:eventNumber/sponsor', 'routes/sponsor-order.tsx', 'Sponsor this event', personal),
  page('/sponsors/logos/:logo', 'routes/sponsor-logo.ts', 'Sponsor logo', { sitemap: false, cached: false, javascript: false, measured: false }),
  page('/scholarship', 'routes/scholarship.tsx', 'Scholarship', content),
  page('/family_of_the_year', 'routes/family-of-the-year.tsx', 'Family of the Year', content),
  page('/gallery', 'routes/gallery.tsx', 'Gallery', content),
  page('/gallery/:token', 'routes/gallery-album.tsx', 'Gallery album', content),
  page('/sponsors', 'routes/sponsors.tsx', 'Sponsors', content),
  // ADR 047: a campaign's page, with the Donation Form set to it.
  page('/give/:slug', 'routes/give.tsx', 'Campaign', { ...interactive, measured: false }),
  page('/privacy', 'routes/privacy.tsx', 'Privacy', content),
  page('/terms', 'routes/terms.tsx', 'Terms', content),
  // A signed-in visitor is sent on (ADR 043): the cache answers only requests without a session cookie.
  page('/login', 'routes/login.tsx', 'Log in', { ...interactive, sitemap: false, readsQuery: true }),
  page('/register', 'routes/register.tsx', 'Register', interactive),
  page('/forgot', 'routes/forgot.tsx', 'Forgot password', { ...interactive, sitemap: false, measured: false }),
  page('/reset/:token', 'routes/reset-password.tsx', 'Reset password', personal),
  page('/dashboard', 'routes/dashboard.tsx', 'My Dashboard', personal),
  page('/dashboard/signups/:signupId', 'routes/my-signup.tsx', 'My sign-up', personal),
  page('/account', 'routes/account.tsx', 'Account', personal),
  // ADR 053: joining a full event's waiting list, and leaving it.
  page('/events/:eventNumber/waiting-list', 'routes/waiting-list.tsx', 'Waiting list', personal),
  page('/logout', 'routes/logout.tsx', 'Log out', personal),
  page('/verify/:token', 'routes/verify-email.tsx', 'Confirm email', personal),
  // Issue 34: the applicant's form and the recommender's one-time upload.
  page('/scholarship/apply', 'routes/scholarship-apply.tsx', 'Apply for the scholarship', personal),
  page('/scholarship/letter/:token', 'routes/scholarship-letter.tsx', 'Letter of recommendation', { ...personal, javascript: false }),
  // ADR 054: a sponsor's included places, tied to an account by the receipt's link, named from the dashboard.
  page('/sponsorships/claim/:token', 'routes/sponsorship-claim.tsx', 'Your sponsorship', { ...personal, javascript: false }),
  page('/dashboard/sponsorships/:sponsorshipId', 'routes/my-sponsorship.tsx', 'My sponsorship', personal),
  page('/giving/manage', 'routes/giving-manage.tsx', 'Monthly gift', personal),
  page('/receipts/:paymentId/:signature', 'routes/receipt.tsx', 'Receipt', { ...personal, javascript: false }),
  page('/sitemap.xml', 'routes/sitemap.ts', 'Sitemap', { ...content, sitemap: false, measured: false }),
  page('/robots.txt', 'routes/robots.ts', 'Robots', { ...content, sitemap: false, measured: false }),
  page('*', 'routes/not-found.tsx', 'Not found', { sitemap: false, cached: false, javascript: false, measured: false }),
] as const satisfies readonly PublicPage[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export function publicPage(path: PublicPath): PublicPage {
  const found = PUBLIC_PAGES.find((entry) => entry.path === path);
  if (!found) throw new Error(`${path} is not in the table of public pages`);
  return found;
}

/** Anything else is not one of its pages. */
export const PARAMETERS: Record<string, string> = {
  eventNumber: '\\d{1,9}',
  token: '[A-Za-z0-9_-]{1,64}',
  slug: '[a-z0-9-]{1,80}',
  logo: '\\d{1,9}\\.png',
};

export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const allowed = PARAMETERS[part.slice(1)];
      if (!allowed) throw new Error(`no pattern for the parameter ${part} of ${path}`);
      return allowed;
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
