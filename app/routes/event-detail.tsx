import { data, isRouteErrorResponse, Link } from 'react-router';
import { formatEventDate } from '../../common/events';
import { PageHeader } from '../components/PageHeader';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/event-detail';

export async function loader({ context, params }: Route.LoaderArgs) {
  const number = params.eventNumber;
  if (!/^\d{1,9}$/.test(number)) throw data(`Event ${number} doesn't exist.`, { status: 404 });
  try {
    return { event: await context.services.events.byNumber(number) };
  } catch (error) {
    if ((error as { code?: string }).code === 'not_found') throw data(`Event ${number} doesn't exist.`, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, data, params }) =>
  data ? pageMeta(matches, data.event.name, data.event.description) : pageMeta(matches, `Event ${params.eventNumber} doesn't exist.`);

export default function EventDetail({ loaderData: { event } }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title={event.eventType}>
        <p className="font-medium">{event.name}</p>
        <p>
          {formatEventDate(event.eventDate)} · {event.location}
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-8">
        <Link to="/events" className="text-brand-700 underline">
          Back
        </Link>
        <p className="mt-6 text-lg text-slate-700">{event.description}</p>
        {event.stats.length > 0 ? (
          <ul className="mt-6 space-y-2">
            {event.stats.map((stat) => (
              <li key={stat.text} className="rounded-md bg-brand-50 p-3">
                {stat.price ? <strong className="mr-2 text-brand-800">{stat.price}</strong> : null}
                {stat.text}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand-800">
        {missing ? `Event ${params.eventNumber} doesn't exist.` : 'This event could not be loaded.'}
      </h1>
      <Link to="/events" className="mt-8 inline-block rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
        Back to events
      </Link>
    </div>
  );
}
