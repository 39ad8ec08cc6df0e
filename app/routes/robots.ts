import { siteOrigin } from '../lib/seo/site-origin.server';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /logout', 'Disallow: /reset/', 'Disallow: /admin', '', `Sitemap: ${siteOrigin(context)}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}
