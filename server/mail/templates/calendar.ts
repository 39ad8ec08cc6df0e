import { createEvent, type DateArray, type EventAttributes } from 'ics';
import { foundationTimeToUtc, parseCalendarDate } from '../../../common/dates';

export interface CalendarEvent {
  /** Stable across resends so a calendar updates the entry instead of adding a second one. */
  uid: string;
  title: string;
  description: string;
  location: string;
  url: string;
  organizer: { name: string; email: string };
  /** 'YYYY-MM-DD' in New York */
  date: string;
  /** 'HH:MM' New York wall-clock time, or null for an all-day event */
  startTime: string | null;
  /** RFC 5545 SEQUENCE: calendars replace the entry they have. */
  sequence?: number;
  /** METHOD:CANCEL and STATUS:CANCELLED remove the entry. */
  cancelled?: boolean;
}

export const TIMED_EVENT_HOURS = 4;

function nextDay(isoDate: string): DateArray {
  const [year, month, day] = parseCalendarDate(isoDate);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()];
}

/** RFC 5545 forbids `"` in a parameter value and the library writes `\"`, which no parser reads: RFC 6868 caret encoding instead. */
function parameterValue(text: string): string {
  return text.replace(/\^/g, '^^').replace(/"/g, "^'").replace(/\r\n|\r|\n/g, '^n');
}

/** Throws if the event cannot be expressed. */
export function calendarFile(event: CalendarEvent): string {
  const common = {
    uid: event.uid,
    title: event.title,
    description: event.description || undefined,
    location: event.location || undefined,
    url: event.url,
    status: event.cancelled ? 'CANCELLED' : 'CONFIRMED',
    method: event.cancelled ? 'CANCEL' : 'PUBLISH',
    sequence: event.sequence ?? 0,
    // ORGANIZER must be an address; a name alone makes the file invalid.
    organizer: event.organizer.email ? { ...event.organizer, name: parameterValue(event.organizer.name) } : undefined,
  } satisfies Partial<EventAttributes>;
  // In UTC, so every calendar shows the New York time in its own zone.
  const attributes: EventAttributes = event.startTime
    ? { ...common, start: foundationTimeToUtc(event.date, event.startTime), startOutputType: 'utc', duration: { hours: TIMED_EVENT_HOURS } }
    : { ...common, start: parseCalendarDate(event.date), end: nextDay(event.date) };
  const { error, value } = createEvent(attributes);
  if (error || !value) throw new Error(`Could not build the calendar file: ${error?.message ?? 'no output'}`, { cause: error });
  return value;
}
