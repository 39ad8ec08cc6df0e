import { siteOrigin } from '../lib/seo/site-origin.server';
import type { Route } from './+types/sitemap';
import { fillPath, PUBLIC_PAGES } from '../../common/public-pages';

/** Account pages are left out on purpose. */
const LISTED = PUBLIC_PAGES.filter((page) => page.sitemap);

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  const [events, gallery, campaigns] = await Promise.all([context.services.events.all(), context.services.content.page('gallery'), context.services.campaigns.publishedSlugs()]);
  const values: Record<string, Record<string, string | number>[]> = {
    eventNumber: events.map(({ eventNumber }) => ({ eventNumber })),
    token: (gallery?.galleries ?? []).map(({ token }) => ({ token })),
    slug: campaigns.map((slug) => ({ slug })),
  };
  const paths = LISTED.flatMap(({ path }) => {
    const parameter = /:(\w+)/.exec(path)?.[1];
    return parameter ? (values[parameter] ?? []).map((filled) => fillPath(path, filled)) : [path];
  });
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
