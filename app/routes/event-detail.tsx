import { ContentImage } from '../content/ContentBlocks';
import { isPreview } from '../lib/page-content.server';
import { data, isRouteErrorResponse, Link, redirect } from 'react-router';
import { useRootData } from '../lib/root-data';
import { AccommodationIcon } from '../events/AccommodationIcon';
import { SignUpButton, signupOpen } from '../signups/SignUpButton';
import { SignUpBar } from '../events/SignUpBar';
import { YoureSignedUp } from '../signups/YoureSignedUp';
import { cookieHeaders } from '../accounts/supporter.server';
import type { MyEventSignup } from '../../common/accounts';
import { JsonLd } from '../lib/seo/JsonLd';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import { eventData } from '../lib/seo/structured-data';
import type { Route } from './+types/event-detail';
import { formatCalendarDate, formatClockTime } from '../../common/dates';
import { rulesOfEventType } from '../../common/signups/kinds';
import { ResponsiveImage } from '../ui/ResponsiveImage';
import { pageHandle } from '../lib/pages/page-handle';
import { EventSponsorships } from '../sponsorships/EventSponsorships';
import { offeredPrefill, placesLeftFor, WaitlistPanel } from '../waitlist/WaitlistPanel';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const number = params.eventNumber;
  if (!/^\d{1,9}$/.test(number)) throw data(`Event ${number} doesn't exist.`, { status: 404 });
  // One address per event: /events/006 and /events/06 are /events/6.
  if (String(Number(number)) !== number) throw redirect(`/events/${Number(number)}${new URL(request.url).search}`, 301);
  // Staff preview a draft event (the root shows the preview banner).
  const drafts = isPreview(request) && (await context.backOffice.auth.session(request)).session?.stage === 'full';
  try {
    const event = await context.services.events.byNumber(number, { drafts });
    const placesLeft = await context.services.events.placesLeft(event.eventNumber);
    const [sponsorPackages, sponsors] = await Promise.all([context.services.sponsorships.offered(event.eventNumber), context.services.sponsorships.approved(event.eventNumber)]);
    // The response cache asks without cookies, so what follows never reaches the shared cache (ADR 050).
    const { supporter, setCookies } = await context.supporters.current(request);
    const headers = cookieHeaders(setCookies);
    if (!supporter) return data({ event, placesLeft, sponsorPackages, sponsors, mine: [] as MyEventSignup[], you: null, waitlist: null, openSignup: false }, { headers });
    headers.set('Cache-Control', 'private, no-store');
    const mine = await context.supporters.signupsForEvent(supporter, event.eventNumber);
    const you = { name: `${supporter.first} ${supporter.last}`.trim(), email: supporter.email };
    const waitlist = await context.services.waitlists.mineForEvent(supporter.id, event.eventNumber);
    // ADR 053: the offer email's link (?offer=1) opens the sign-up, for the one it holds places for only.
    const openSignup = waitlist?.status === 'offered' && new URL(request.url).searchParams.get('offer') === '1';
    return data({ event, placesLeft, sponsorPackages, sponsors, mine, you, waitlist, openSignup }, { headers });
  } catch (error) {
    // A number no event has (0 included) is a missing page, never a server failure.
    const code = (error as { code?: string }).code;
    if (code === 'not_found' || code === 'validation') throw data(`Event ${number} doesn't exist.`, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  data
    ? pageMeta(matches, `${data.event.name}`, `${formatCalendarDate(data.event.eventDate, { weekday: true })} · ${data.event.location}. ${data.event.description}`, {
        image: data.event.image?.src,
      })
    : pageMeta(matches, `Event ${params.eventNumber} doesn't exist.`);

/** Spec §2. */
function flyerOf(event: Route.ComponentProps['loaderData']['event']) {
  if (rulesOfEventType(event.eventType).rulesFlyer) return event.rules_flyer ? { src: event.rules_flyer, label: 'Tournament rules flyer' } : null;
  return event.partnership_flyer ? { src: event.partnership_flyer, label: 'Partnership flyer' } : null;
}

export const handle = pageHandle('/events/:eventNumber');

/** A signed-in visitor's page is theirs alone; an ended session's cookies are cleared. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function EventDetail({ loaderData: { event, placesLeft: counted, sponsorPackages, sponsors, mine, you, waitlist, openSignup } }: Route.ComponentProps) {
  const placesLeft = placesLeftFor(counted, waitlist);
  const root = useRootData();
  const site = root?.site ?? null;
  const origin = root ? new URL(root.canonicalUrl).origin : '';
  const flyer = flyerOf(event);
  const { placeNames, party } = rulesOfEventType(event.eventType);
  const signedUp = mine.length > 0;
  const bar = signupOpen(event, placesLeft);
  return (
    <>
      <JsonLd data={eventData(event, site, origin)} />
      <PageHeader title={event.eventType}>
        <p className="font-semibold text-brand-800">{event.name}</p>
        <p>
          {formatCalendarDate(event.eventDate, { weekday: true })}
          {event.startTime ? ` · ${formatClockTime(event.startTime)}` : ''} · {event.location}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-5xl px-4 py-8">
        <Link to="/events" className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
          <span aria-hidden="true">←</span> Back
        </Link>
        <div className="mt-6 grid gap-10 md:grid-cols-[3fr_2fr]">
          <div>
            {signedUp ? (
              <div className="mb-6">
                <YoureSignedUp signups={mine} party={party} />
              </div>
            ) : null}
            {event.image ? (
              <ContentImage image={event.image} priority sizes="(min-width: 768px) 60vw, 100vw" className="h-auto w-full rounded-lg" />
            ) : null}
            <p className="mt-6 text-lg text-slate-700">{event.description}</p>
            <div className="mt-6">
              {placesLeft !== null && event.active ? (
                <p className="mb-3 font-semibold text-brand-800">
                  {placesLeft === 0
                    ? 'This event is full.'
                    : `${placesLeft} ${placesLeft === 1 ? placeNames.one : placeNames.many} left`}
                </p>
              ) : null}
              {waitlist?.status === 'offered' ? <WaitlistPanel event={event} placesLeft={placesLeft} entry={waitlist} signedIn /> : null}
              <SignUpButton
                event={event}
                placesLeft={placesLeft}
                prefill={offeredPrefill(you, waitlist)}
                label={signedUp ? (party ? 'Sign up another party' : 'Sign up another team') : undefined}
                openOnLoad={openSignup}
              />
              {waitlist?.status === 'offered' ? null : <WaitlistPanel event={event} placesLeft={placesLeft} entry={waitlist} signedIn={you !== null} />}
            </div>
            {event.stats.length > 0 ? (
              <section aria-labelledby="stats" className="mt-10">
                <h2 id="stats" className="text-xl font-bold text-brand-800">
                  Prices and details
                </h2>
                <ul className="mt-3 space-y-2">
                  {event.stats.map((stat) => (
                    <li key={stat.text} className="flex flex-wrap items-baseline gap-x-3 rounded-md bg-brand-50 p-3">
                      {stat.price ? <strong className="text-lg text-brand-800">{stat.price}</strong> : null}
                      <span className="text-slate-800">{stat.text}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {event.accomodations.length > 0 ? (
              <section aria-labelledby="included" className="mt-10">
                <h2 id="included" className="text-xl font-bold text-brand-800">
                  What&apos;s included
                </h2>
                <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                  {event.accomodations.map((item) => (
                    <li key={item.text} className="flex items-center gap-3 rounded-md border border-slate-200 p-3 text-slate-800">
                      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                        <AccommodationIcon name={item.icon} />
                      </span>
                      {item.text}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {event.proceeds ? (
              <section aria-labelledby="proceeds" className="mt-10">
                <h2 id="proceeds" className="text-xl font-bold text-brand-800">
                  Where the money goes
                </h2>
                <p className="mt-3 text-slate-700">{event.proceeds}</p>
              </section>
            ) : null}
            {event.show_sponsor && event.sponsor ? (
              <section aria-labelledby="sponsor" className="mt-10">
                <h2 id="sponsor" className="text-xl font-bold text-brand-800">
                  Sponsored by
                </h2>
                <a
                  href={event.sponsor.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-3 inline-flex items-center gap-4 rounded-lg border border-slate-200 p-3 font-semibold text-brand-700 underline hover:shadow-md"
                >
                  {event.sponsor.logo ? (
                    <ResponsiveImage image={event.sponsor.logo} sizes="240px" loading="lazy" className="h-16 w-auto" />
                  ) : null}
                  {event.sponsor.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </section>
            ) : null}
            <EventSponsorships eventNumber={event.eventNumber} packages={sponsorPackages} sponsors={sponsors} />
          </div>
          {flyer ? (
            <aside aria-labelledby="flyer">
              <h2 id="flyer" className="text-xl font-bold text-brand-800">
                {flyer.label}
              </h2>
              {flyer.src.endsWith('.pdf') ? (
                // A PDF cannot be shown as a picture.
                <a href={flyer.src} className="mt-3 flex items-center gap-3 rounded-lg border border-slate-200 p-4 font-semibold text-brand-700 shadow-sm hover:shadow-md">
                  <span aria-hidden="true" className="flex h-12 w-10 shrink-0 items-center justify-center rounded border-2 border-brand-700 text-xs font-bold">
                    PDF
                  </span>
                  <span className="underline">{`Open the ${flyer.label.toLowerCase()} (PDF)`}</span>
                </a>
              ) : (
                <a href={flyer.src} className="mt-3 block overflow-hidden rounded-lg border border-slate-200 shadow-sm hover:shadow-md">
                  <img src={flyer.src} width={850} height={1100} alt={`${flyer.label} for the ${event.name}`} loading="lazy" className="h-auto w-full" />
                </a>
              )}
              <a href={flyer.src} download className="mt-3 inline-block rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
                Download the flyer
              </a>
            </aside>
          ) : null}
        </div>
      </div>
      {bar ? <SignUpBar event={event} placesLeft={placesLeft} signedUp={signedUp} /> : null}
    </>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand-800">{missing ? `Event ${params.eventNumber} doesn't exist.` : 'This event could not be loaded.'}</h1>
      <p className="mt-4 text-slate-700">
        {missing ? 'The link may be mistyped, or the event may have been taken down. Every event we hold is on the Events page.' : 'Please try again in a moment.'}
      </p>
      <Link to="/events" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Back to events
      </Link>
    </div>
  );
}
