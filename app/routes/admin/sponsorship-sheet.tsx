import { SponsorPlacesText } from '../../sponsorships/SponsorPlacesText';
import type { Route } from './+types/sponsorship-sheet';
import { formatCalendarDate } from '../../../common/dates';
import { staffLogoPath } from '../../../common/sponsorships';
import { linkClass } from '../../admin/DataTable';
import { pathNumber, requireStaff } from '../../admin/guard.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Sponsor sheet${data ? ` — ${data.event.name}` : ''} | Back office` }];

/** The event day's sponsor sheet (ADR 052): one page to print for the registration table, the back office's bar hidden in print. */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const list = await args.context.services.sponsorships.listForStaff(pathNumber(args.params.eventNumber));
  if (!list) throw new Response('Not found', { status: 404 });
  return list;
}

export default function SponsorSheet({ loaderData }: Route.ComponentProps) {
  const { event, sponsorships } = loaderData;
  const levels = [...new Set(sponsorships.map((s) => s.packageName))];
  return (
    <div className="bg-white">
      <p className="mb-4 print:hidden">
        <a href={`/admin/events/${event.eventNumber}/sponsorships`} className={linkClass}>
          Back to the sponsorships
        </a>{' '}
        · Print this page from your browser (Ctrl+P or ⌘P).
      </p>
      <h1 className="text-2xl font-bold">Sponsors: {event.name}</h1>
      <p className="mb-4 text-slate-700">{formatCalendarDate(event.eventDate, { weekday: true })}</p>
      {sponsorships.length === 0 ? <p>No sponsors yet.</p> : null}
      {levels.map((level) => (
        <section key={level} className="mb-6 break-inside-avoid">
          <h2 className="mb-2 border-b border-slate-400 text-xl font-semibold">{level}</h2>
          <ul className="grid gap-3">
            {sponsorships
              .filter((s) => s.packageName === level)
              .map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-4 break-inside-avoid">
                  <img src={staffLogoPath(s.id)} alt="" width={s.logoWidth} height={s.logoHeight} className="h-auto max-h-16 w-32 object-contain" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold break-words">{s.displayName}</p>
                    <p className="text-sm break-words">
                      {s.companyName} · {s.contactName} · {s.phone} · {s.contactEmail}
                    </p>
                    {s.review !== 'approved' ? <p className="text-sm font-semibold">Logo not approved yet</p> : null}
                    {s.named ? <SponsorPlacesText places={s.named} /> : null}
                  </div>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
