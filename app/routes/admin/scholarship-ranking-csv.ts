import type { Route } from './+types/scholarship-ranking-csv';
import { pathNumber, requireStaff } from '../../admin/guard.server';
import { csvResponse } from '../../admin/csv-response.server';

/** The committee's ranking, one row per application: admins only (a reviewer or volunteer gets 403). */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args, { scholarship: true, role: 'admin' });
  const roundId = pathNumber(args.params.roundId);
  const csv = await args.context.services.scholarshipReviews.rankingCsv(actor, roundId);
  if (csv === null) throw new Response('Not found', { status: 404 });
  return csvResponse(csv, `scholarship-${roundId}-applications.csv`);
}
