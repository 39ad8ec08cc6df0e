import { siteOrigin } from '../lib/seo/site-origin.server';
import type { Route } from './+types/sitemap';

/** Pages worth finding in a search engine; account pages are left out on purpose. */
const PUBLIC_PATHS = ['/', '/cof', '/family', '/staff', '/golfers', '/events', '/scholarship', '/family_of_the_year', '/gallery', '/sponsors', '/register', '/privacy', '/terms'];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const [events, gallery] = await Promise.all([context.services.events.all(), context.services.content.page('gallery')]);
  const paths = [
    ...PUBLIC_PATHS,
    ...events.map((event) => `/events/${event.eventNumber}`),
    ...(gallery?.galleries ?? []).map((album) => `/gallery/${album.token}`),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
