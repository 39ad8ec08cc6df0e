/**
 * The public site's pages, in one table (spec §2 and what grew around it): app/routes.ts makes
 * its routes from it, each route module's `handle` says from it whether the page loads React, the
 * sitemap lists from it, the server's response cache keeps the pages it marks, and `npm run bench`,
 * `weight`, `lighthouse` and the tests measure and visit the pages it marks. The back office has
 * its own routes (app/routes.ts) and is none of these.
 */
export interface PublicPage {
  /** As in the route config: `:eventNumber` and `:token` are filled from the site (see PARAMETERS). */
  path: string;
  /** The route module, under app/. */
  file: string;
  /** A short name for reports and test titles. */
  title: string;
  /** Listed in sitemap.xml (a path with a parameter: once for each event or album). */
  sitemap: boolean;
  /** The same answer for every anonymous visitor: kept by the server's response cache (ADR 029). */
  cached: boolean;
  /**
   * Loads React when it arrives. Without it the page loads no script file at all: its widgets are
   * HTML and CSS, and the Donation Form's card part loads when the form is opened (ADR 042).
   */
  javascript: boolean;
  /** Measured by `npm run bench`, `npm run weight`, `npm run lighthouse` and `npm run first-interaction`. */
  measured: boolean;
  /** Its answer reads the query string (Login's "registered" notice): cached only when asked without one. */
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
  page('/scholarship', 'routes/scholarship.tsx', 'Scholarship', content),
  page('/family_of_the_year', 'routes/family-of-the-year.tsx', 'Family of the Year', content),
  page('/gallery', 'routes/gallery.tsx', 'Gallery', content),
  page('/gallery/:token', 'routes/gallery-album.tsx', 'Gallery album', content),
  page('/sponsors', 'routes/sponsors.tsx', 'Sponsors', content),
  page('/privacy', 'routes/privacy.tsx', 'Privacy', content),
  page('/terms', 'routes/terms.tsx', 'Terms', content),
  // Their loaders send a signed-in visitor on (ADR 043): the cache answers only requests without a session cookie.
  page('/login', 'routes/login.tsx', 'Log in', { ...interactive, sitemap: false, readsQuery: true }),
  page('/register', 'routes/register.tsx', 'Register', interactive),
  page('/forgot', 'routes/forgot.tsx', 'Forgot password', { ...interactive, sitemap: false, measured: false }),
  page('/reset/:token', 'routes/reset-password.tsx', 'Reset password', personal),
  page('/dashboard', 'routes/dashboard.tsx', 'My Dashboard', personal),
  page('/dashboard/signups/:signupId', 'routes/my-signup.tsx', 'My sign-up', personal),
  page('/account', 'routes/account.tsx', 'Account', personal),
  page('/logout', 'routes/logout.tsx', 'Log out', personal),
  page('/verify/:token', 'routes/verify-email.tsx', 'Confirm email', personal),
  page('/giving/manage', 'routes/giving-manage.tsx', 'Monthly gift', personal),
  page('/receipts/:paymentId/:signature', 'routes/receipt.tsx', 'Receipt', { ...personal, javascript: false }),
  page('/sitemap.xml', 'routes/sitemap.ts', 'Sitemap', { ...content, sitemap: false, measured: false }),
  page('/robots.txt', 'routes/robots.ts', 'Robots', { ...content, sitemap: false, measured: false }),
  // Anything else: the not-found page (HTTP 404).
  page('*', 'routes/not-found.tsx', 'Not found', { sitemap: false, cached: false, javascript: false, measured: false }),
] as const satisfies readonly PublicPage[];

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

/** The entry of a path of the table. */
export function publicPage(path: PublicPath): PublicPage {
  const found = PUBLIC_PAGES.find((entry) => entry.path === path);
  if (!found) throw new Error(`${path} is not in the table of public pages`);
  return found;
}

/** What a parameter of a cached page may hold: anything else is not one of its pages. */
export const PARAMETERS: Record<string, string> = {
  eventNumber: '\\d{1,9}',
  token: '[A-Za-z0-9_-]{1,64}',
};

/** A regular expression that matches the page's paths, its parameters as PARAMETERS allows. */
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

/** The path with its parameters filled in: fillPath('/events/:eventNumber', { eventNumber: 6 }) is '/events/6'. */
export function fillPath(path: string, values: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}
