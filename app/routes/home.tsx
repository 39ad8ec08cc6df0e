import { loadPage } from '../lib/page-content.server';
import { Link } from 'react-router';
import { ContentImage } from '../content/ContentBlocks';
import { useRootData } from '../lib/root-data';
import { EventList } from '../events/EventCard';
import { HeroCarousel } from '../home/HeroCarousel';
import { SponsorsCarousel } from '../home/SponsorsCarousel';
import { JsonLd } from '../lib/seo/JsonLd';
import { pageMeta } from '../lib/seo/meta';
import { organizationData } from '../lib/seo/structured-data';
import type { Route } from './+types/home';
import { pageHandle } from '../lib/pages/page-handle';
import { FeaturedCampaignCard } from '../campaigns/FeaturedCampaignCard';

export async function loader(args: Route.LoaderArgs) {
  const [home, upcoming, campaign, approvedSponsors] = await Promise.all([
    loadPage(args, 'home'),
    args.context.services.events.upcoming(),
    args.context.services.campaigns.featured(),
    args.context.services.sponsorships.approved(),
  ]);
  return { home, upcoming, campaign, approvedSponsors };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'Home');

export const handle = pageHandle('/');

export default function Home({ loaderData: { home, upcoming, campaign, approvedSponsors } }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <>
      {root?.site ? <JsonLd data={organizationData(root.site, new URL(root.canonicalUrl).origin)} /> : null}
      {home?.sticky.active && home.sticky.message ? (
        <p className="bg-gold-300 px-4 py-3 text-center font-medium text-slate-900">
          {home.sticky.message}{' '}
          {home.sticky.link ? (
            <Link to={home.sticky.link.href} className="font-semibold underline">
              {home.sticky.link.label}
            </Link>
          ) : null}
        </p>
      ) : null}
      {home && home.hero.length > 0 ? <HeroCarousel slides={home.hero} /> : null}
      <div className="mx-auto max-w-5xl px-4">
        {/* The hero picture shows the name; screen readers and search engines get it as the heading. */}
        <h1 className="sr-only">{root?.site?.name ?? 'Home'}</h1>
        {home ? (
          <div className="grid gap-8 py-12 md:grid-cols-2">
            {[
              { id: 'mission', ...home.mission },
              { id: 'cause', ...home.cause },
            ].map((section) => (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id} className="text-2xl font-bold text-brand-800">
                  {section.heading}
                </h2>
                <p className="mt-3 text-lg text-slate-700">{section.text}</p>
              </section>
            ))}
          </div>
        ) : null}
      </div>
      {campaign ? <FeaturedCampaignCard campaign={campaign} /> : null}
      <section aria-labelledby="upcoming" className="bg-brand-50 py-12">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="upcoming" className="text-center text-2xl font-bold text-brand-800">
            Upcoming Events
          </h2>
          {upcoming.length === 0 ? (
            <p className="mt-6 text-center text-lg text-slate-700">None scheduled, stay tuned</p>
          ) : (
            <div className="mt-8">
              <EventList events={upcoming} />
            </div>
          )}
        </div>
      </section>
      {home && home.announcements.length > 0 ? (
        <section aria-labelledby="announcements" className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="announcements" className="text-center text-2xl font-bold text-brand-800">
            Announcements
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {home.announcements.map((a) => (
              <li key={a.heading} className="overflow-hidden rounded-lg border border-slate-200 shadow-sm">
                <ContentImage image={a.image} sizes="(min-width: 768px) 33vw, 100vw" className="h-auto w-full" />
                <div className="p-4">
                  <h3 className="text-lg font-semibold text-brand-800">{a.heading}</h3>
                  <p className="text-sm text-slate-600">{a.meta}</p>
                  <a
                    href={a.link.href}
                    className="mt-2 inline-block font-medium text-brand-700 underline"
                    {...(/^https?:/.test(a.link.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {a.link.label.trim() || 'More info'}
                    <span className="sr-only">: {a.heading}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {(home && home.sponsors.length > 0) || approvedSponsors.length > 0 ? (
        <section aria-labelledby="sponsors" className="bg-brand-50 py-12">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="sponsors" className="mb-8 text-center text-2xl font-bold text-brand-800">
              Thank You to Our Sponsors
            </h2>
            <SponsorsCarousel sponsors={home?.sponsors ?? []} approved={approvedSponsors} />
          </div>
        </section>
      ) : null}
      <p className="mx-auto max-w-5xl px-4 pt-10 text-center text-lg">
        {/* The whole sentence is the link, so its text says where it leads. */}
        <Link to="/register" className="font-semibold text-brand-700 underline">
          Click here to stay in the loop!
        </Link>
      </p>
    </>
  );
}
