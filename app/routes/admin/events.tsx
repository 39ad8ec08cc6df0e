import { Link, redirect } from 'react-router';
import type { Route } from './+types/events';
import { formatCalendarDate } from '../../../common/dates';
import { AdminPageHeader, EmptyState } from '../../admin/AdminShell';
import { linkClass } from '../../admin/DataTable';
import { Button, Notice, OtherErrors, StaffForm } from '../../admin/forms';
import { EditLink } from '../../admin/list-row';
import { answer } from '../../admin/answer.server';
import { EventsListFormSchema } from '../../admin/form-schemas.server';
import { readStaffForm, requireStaff } from '../../admin/guard.server';
import { PublishBadge } from '../../admin/PublishBadge';

export const meta: Route.MetaFunction = () => [{ title: 'Events | Back office' }];

export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const { actor } = await requireStaff(args);
  return { events: await args.context.backOffice.reports.events(), isAdmin: actor.role === 'admin' };
}

export async function action(args: Route.ActionArgs) {
  const { actor, input } = await readStaffForm(args, EventsListFormSchema);
  if (!input.ok) return answer(input);
  const { intent, eventNumber } = input.data;
  const content = args.context.backOffice.content;
  if (intent === 'duplicate') {
    const result = await content.duplicateEvent(actor, eventNumber);
    if (result.ok) throw redirect(`/admin/events/${result.id}/edit?created=1`);
    return answer(result);
  }
  return answer(await content.setEventPublished(actor, eventNumber, intent === 'publish'));
}

/** A text link as tall as a button, for fingers. */
const TARGET = 'inline-flex min-h-11 items-center';

const KIND_TEXT = { golf: 'Golf teams', gaming: 'Gaming teams', steakfry: 'Steak-fry tickets' } as const;

export default function Events({ loaderData, actionData }: Route.ComponentProps) {
  const { events, isAdmin } = loaderData;
  return (
    <div>
      <AdminPageHeader
        title="Events"
        lead="Each event's details and prices, its registrations, its lists for the course or the caterer, and check-in at the door."
        actions={
          <Link to="/admin/events/new" className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
            New event
          </Link>
        }
      />
      {actionData?.ok ? <Notice tone="success">{actionData.message}</Notice> : null}
      <OtherErrors errors={actionData && !actionData.ok ? actionData.errors : undefined} shown={[]} />
      {events.length === 0 ? (
        <EmptyState title="No events yet.">Start one with “New event”: it stays a draft until an admin publishes it.</EmptyState>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {events.map((event) => (
            <li key={event.eventNumber} className="rounded-lg border border-slate-300 bg-white p-4">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span>{event.name}</span> <PublishBadge state={event.published ? 'published' : 'draft'} />
              </p>
              <p className="text-sm text-slate-700">
                {formatCalendarDate(event.eventDate, { weekday: true })} · {event.signupKind ? KIND_TEXT[event.signupKind] : 'No sign-up'}
              </p>
              {event.signupKind ? (
                <p className="mt-1 flex flex-wrap gap-x-5 text-sm">
                  <Link className={`${linkClass} ${TARGET}`} to={`/admin/events/${event.eventNumber}/registrations`} aria-label={`Registrations for ${event.name}`}>
                    Registrations
                  </Link>
                  <Link className={`${linkClass} ${TARGET}`} to={`/admin/events/${event.eventNumber}/check-in`} aria-label={`Check-in for ${event.name}`}>
                    Check-in
                  </Link>
                  <Link className={`${linkClass} ${TARGET}`} to={`/admin/events/${event.eventNumber}/waiting-list`} aria-label={`Waiting list for ${event.name}`}>
                    Waiting list
                  </Link>
                  <a
                    className={`${linkClass} ${TARGET}`}
                    href={`/admin/events/${event.eventNumber}/registrations.csv`}
                    download
                    aria-label={`Download the paid registrations of ${event.name} as CSV`}
                  >
                    CSV
                  </a>
                </p>
              ) : null}
              <p className="mt-1 text-sm">
                <Link className={`${linkClass} ${TARGET}`} to={`/admin/events/${event.eventNumber}/sponsorships`} aria-label={`Sponsorships for ${event.name}`}>
                  Sponsorships
                </Link>
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-3">
                <EditLink to={`/admin/events/${event.eventNumber}/edit`} name={event.name} />
                <StaffForm>
                  <input type="hidden" name="eventNumber" value={event.eventNumber} />
                  <Button variant="secondary" name="intent" value="duplicate" aria-label={`Duplicate ${event.name} for next year`}>
                    Duplicate for next year
                  </Button>
                </StaffForm>
                {isAdmin ? (
                  <StaffForm>
                    <input type="hidden" name="eventNumber" value={event.eventNumber} />
                    <Button
                      variant={event.published ? 'secondary' : 'primary'}
                      name="intent"
                      value={event.published ? 'unpublish' : 'publish'}
                      aria-label={`${event.published ? 'Unpublish' : 'Publish'} ${event.name}`}
                    >
                      {event.published ? 'Unpublish' : 'Publish'}
                    </Button>
                  </StaffForm>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
