import type { Route } from './+types/registrations-csv';
import { todayInFoundationZone } from '../../../common/dates';
import { csvResponse } from '../../admin/csv-response.server';
import { pathNumber, requireStaff } from '../../admin/guard.server';

/** The event's roster for the course or the caterer: paid sign-ups, or every status with ?include=all. */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const eventNumber = pathNumber(args.params.eventNumber);
  const include = new URL(args.request.url).searchParams.get('include') === 'all' ? 'all' : 'paid';
  const csv = await args.context.backOffice.exports.registrationsCsv(actor, eventNumber, include);
  if (csv === null) throw new Response('Not found', { status: 404 });
  return csvResponse(csv, `event-${eventNumber}-${include === 'all' ? 'all-registrations' : 'registrations'}-${todayInFoundationZone()}.csv`);
}
