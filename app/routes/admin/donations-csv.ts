import type { Route } from './+types/donations-csv';
import { todayInFoundationZone } from '../../../common/dates';
import { parseDonationFilter } from '../../admin/donation-filter';
import { requireStaff } from '../../admin/guard.server';
import { csvResponse } from '../../admin/csv-response.server';

/** Every donation the list's filter matches, as a spreadsheet (paging ignored). */
export async function loader(args: Route.LoaderArgs) {
  const { actor } = await requireStaff(args);
  const { filter } = parseDonationFilter(new URL(args.request.url).searchParams);
  return csvResponse(await args.context.backOffice.exports.donationsCsv(actor, filter), `donations-${todayInFoundationZone()}.csv`);
}
