
import { EventList } from '../events/EventCard';
import { PageHeader } from '../ui/PageHeader';
import { pageMeta } from '../lib/seo/meta';
import type { Route } from './+types/events';
import { todayInFoundationZone } from '../../common/dates';
import { pageHandle } from '../lib/pages/page-handle';

export async function loader({ context }: Route.LoaderArgs) {
  return { events: await context.services.events.all(), today: todayInFoundationZone() };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, 'Events', 'Golf outings, gaming tournaments and steak fries that raise money for Ohio Valley families.');

export const handle = pageHandle('/events');

export default function Events({ loaderData: { events, today } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Events" />
      <div className="mx-auto max-w-6xl px-4 py-10">
        {events.length === 0 ? (
          <p className="text-center text-lg text-slate-700">No events in database.</p>
        ) : (
          <EventList events={events} headingLevel={2} priority today={today} />
        )}
      </div>
    </>
  );
}
