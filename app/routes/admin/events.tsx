import { Link } from 'react-router';
import type { Route } from './+types/events';
import { formatCalendarDate } from '../../../common/dates';
import { AdminPageHeader } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { requireStaff } from '../../admin/guard.server';

export const meta: Route.MetaFunction = () => [{ title: 'Events | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return { events: await args.context.backOffice.reports.events() };
}

const KIND_TEXT = { golf: 'Golf teams', gaming: 'Gaming teams', steakfry: 'Steak-fry tickets' } as const;

export default function Events({ loaderData }: Route.ComponentProps) {
  const { events } = loaderData;
  return (
    <div>
      <AdminPageHeader title="Events" lead="Each event's registrations, its lists for the course or the caterer, and check-in at the door." />
      {events.length === 0 ? (
        <p className="text-slate-700">No events yet.</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {events.map((event) => (
            <li key={event.eventNumber} className="rounded-lg border border-slate-300 bg-white p-4">
              <p className="font-semibold">{event.name}</p>
              <p className="text-sm text-slate-700">
                {formatCalendarDate(event.eventDate, { weekday: true })} · {event.signupKind ? KIND_TEXT[event.signupKind] : 'No sign-up'}
              </p>
              {event.signupKind ? (
                <p className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                  <Link className={linkClass} to={`/admin/events/${event.eventNumber}/registrations`} aria-label={`Registrations for ${event.name}`}>
                    Registrations
                  </Link>
                  <Link className={linkClass} to={`/admin/events/${event.eventNumber}/check-in`} aria-label={`Check-in for ${event.name}`}>
                    Check-in
                  </Link>
                  <a
                    className={linkClass}
                    href={`/admin/events/${event.eventNumber}/registrations.csv`}
                    download
                    aria-label={`Download the paid registrations of ${event.name} as CSV`}
                  >
                    CSV
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
