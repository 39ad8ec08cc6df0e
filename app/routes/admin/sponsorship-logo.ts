import type { Route } from './+types/sponsorship-logo';
import { requireStaff } from '../../admin/guard.server';

/** Staff see a logo before approving it; always the PNG the site rendered (ADR 052). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const match = /^(\d{1,9})\.png$/.exec(args.params.file ?? '');
  const png = match ? await args.context.services.sponsorships.logo(Number(match[1]), true) : null;
  if (!png) throw new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'private, no-store', 'X-Content-Type-Options': 'nosniff' } });
}
