import type { Route } from './+types/sponsorships-csv';
import { todayInFoundationZone } from '../../../common/dates';
import { csvResponse } from '../../admin/csv-response.server';
import { pathNumber, requireStaff } from '../../admin/guard.server';

/** The event's paid sponsors for the event day (ADR 052). */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const eventNumber = pathNumber(args.params.eventNumber);
  const csv = await args.context.services.sponsorships.sponsorsCsv(actor, eventNumber);
  if (csv === null) throw new Response('Not found', { status: 404 });
  return csvResponse(csv, `event-${eventNumber}-sponsors-${todayInFoundationZone()}.csv`);
}
