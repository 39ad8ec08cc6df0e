import { isPreview, loadPage } from './lib/page-content.server';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AuthSession } from './accounts/AuthSession';
import { NotFound } from './shell/NotFound';
import { SiteShell } from './shell/SiteShell';
import { markSignedIn, MARK_SIGNED_IN_NAMES } from './lib/auth';
import { useHydratedMark } from './lib/pages/use-hydrated-mark';
import { usePageLoadsScripts } from './lib/pages/page-handle';
import { useNonce } from './lib/nonce';
import { IslandLoader } from './lib/islands/IslandLoader';
import { InlineScript } from './lib/inline-script';
import { disclosureMenus } from './shell/disclosure-menus';
import { siteOrigin } from './lib/seo/site-origin.server';
import { yearInFoundationZone } from '../common/dates';
import { DEFAULT_GIVING_SETTINGS, type DonationFormSettings } from '../common/giving-settings';

export async function loader({ context, request }: Route.LoaderArgs) {
  const [site, giving] = await Promise.all([loadPage({ context, request }, 'site'), context.services.giving.current()]);
  // PUBLIC_URL when set; never the Host header, which the sender chooses.
  const canonicalUrl = `${siteOrigin(context)}${new URL(request.url).pathname}`;
  const preview = isPreview(request) && (await context.backOffice.auth.session(request)).session?.stage === 'full';
  // On New Year's Eve evening in Ohio it is already next year in UTC.
  // ADR 046: every page holds the Donation Form; its share links name the home page, where Donate is.
  const donationForm: DonationFormSettings = { ...giving, share: { url: `${siteOrigin(context)}/`, name: site?.name ?? '' } };
  return { site, year: yearInFoundationZone(), canonicalUrl, payments: context.publicConfig.payments, donationForm, preview };
}


/** Pages give their own titles unless one failed. */
export const meta: Route.MetaFunction = ({ error, data }) => {
  if (!error) return [];
  const title = isRouteErrorResponse(error) && error.status === 404 ? '404 - Page Not Found' : 'Something went wrong';
  return [{ title: data?.site ? `${title} | ${data.site.name}` : title }];
};

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  useHydratedMark();
  const nonce = useNonce();
  const scripts = usePageLoadsScripts();
  const data = useRouteLoaderData<typeof loader>('root');
  // The back office has its own shell (app/admin).
  const backOffice = isBackOffice(useLocation().pathname);
  return (
    // The head script adds data-auth to <html> before React hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <InlineScript run={markSignedIn} data={MARK_SIGNED_IN_NAMES} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f5257" />
        <Meta />
        {data?.canonicalUrl ? <link rel="canonical" href={data.canonicalUrl} /> : null}
        {/* With a precedence React puts the stylesheet ahead of the scripts' preloads (ADR 042). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links />
      </head>
      <body>
        {backOffice ? (
          children
        ) : (
          <SiteShell
            site={data?.site ?? null}
            year={data?.year ?? new Date().getFullYear()}
            payments={data?.payments ?? { provider: 'simulated' }}
            donationForm={data?.donationForm ?? { ...DEFAULT_GIVING_SETTINGS, share: { url: '/', name: '' } }}
          >
            {children}
          </SiteShell>
        )}
        {/* A page that needs no JavaScript loads none (common/public-pages.ts, ADR 042). */}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <>
            <IslandLoader />
            <InlineScript run={disclosureMenus} />
          </>
        )}
      </body>
    </html>
  );
}

const isBackOffice = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export default function App({ loaderData }: Route.ComponentProps) {
  const backOffice = isBackOffice(useLocation().pathname);
  return (
    <>
      {loaderData?.preview ? (
        <p role="status" className="sticky top-0 z-50 bg-amber-300 px-4 py-2 text-center font-semibold text-slate-900">
          Preview of a draft: the public does not see these changes until an admin publishes them.
        </p>
      ) : null}
      {backOffice ? null : <AuthSession />}
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound detail={typeof error.data === 'string' ? error.data : undefined} />;
  }
  // A refusal the app worded itself: say so.
  const refusal = isRouteErrorResponse(error) && error.status >= 400 && error.status < 500 && typeof error.data === 'string' ? error.data : null;
  if (refusal) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-brand-800">That did not work</h1>
        <p className="mt-4 text-slate-700">{refusal}</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand-800">Something went wrong</h1>
      <p className="mt-4 text-slate-700">
        We could not show this page right now. Please try again in a moment. If it keeps happening, let us know by email or phone (see below).
      </p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Go home
      </a>
    </div>
  );
}
