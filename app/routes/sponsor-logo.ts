import type { Route } from './+types/sponsor-logo';

/** An approved sponsor's logo: the PNG the site drew from the upload, never the uploaded file (ADR 052). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const match = /^(\d{1,9})\.png$/.exec(params.logo ?? '');
  const png = match ? await context.services.sponsorships.logo(Number(match[1])) : null;
  if (!png) throw new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(png), {
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=300', 'X-Content-Type-Options': 'nosniff', 'Content-Security-Policy': "default-src 'none'" },
  });
}
