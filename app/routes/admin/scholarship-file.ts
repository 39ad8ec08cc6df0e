import type { Route } from './+types/scholarship-file';
import { pathNumber, requireStaff } from '../../admin/guard.server';

/** A document or letter: admins and the application's current reviewers only, never cached, never shown inline (nosniff comes with every answer of the server). */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args, { scholarship: true });
  const file = await args.context.services.scholarshipReviews.download(actor, pathNumber(args.params.fileId));
  if (!file) throw new Response('Not found', { status: 404 });
  return new Response(file.bytes, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '-')}"`,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': 'no-store',
    },
  });
}
