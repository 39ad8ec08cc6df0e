import { Link } from 'react-router';
import { type ApiEvent } from '../../common/events';
import { formatCalendarDate } from '../../common/dates';
import { ResponsiveImage } from '../ui/ResponsiveImage';

interface CardOptions {
  /** So the page's heading outline has no gaps. */
  headingLevel?: 2 | 3;
  /** The first card of a page's main list is its largest early picture. */
  priority?: boolean;
  /** From the loader, so server and browser agree. */
  today?: string;
}

export function EventCard({ event, headingLevel = 3, priority = false, today }: { event: ApiEvent } & CardOptions) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const past = today !== undefined && event.eventDate < today;
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {event.image ? (
        <ResponsiveImage
          image={event.image}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          className="h-auto w-full"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-4">
        <Heading className="text-xl font-semibold text-brand-800">{event.eventType}</Heading>
        <p className="text-sm font-medium text-slate-700">{event.name}</p>
        <p className="mt-1 text-sm text-slate-600">
          {formatCalendarDate(event.eventDate, { weekday: true })} · {event.location}
        </p>
        {past ? <p className="mt-2 self-start rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Past event</p> : null}
        <p className="mt-3 flex-1 text-slate-700">{event.description}</p>
        {event.show_sponsor && event.sponsor ? (
          <p className="mt-3 text-sm">
            Sponsored by{' '}
            <a href={event.sponsor.href} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
              {event.sponsor.name}
            </a>
          </p>
        ) : null}
        <Link
          to={`/events/${event.eventNumber}`}
          className="mt-4 self-start rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          aria-label={`Details: ${event.name}`}
        >
          Details
        </Link>
      </div>
    </article>
  );
}

export function EventList({ events, headingLevel, priority = false, today }: { events: ApiEvent[] } & CardOptions) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event, index) => (
        <li key={event.eventNumber} className="flex">
          <EventCard event={event} headingLevel={headingLevel} priority={priority && index === 0} today={today} />
        </li>
      ))}
    </ul>
  );
}
