import { todayInFoundationZone } from '../../common/events';
import type { EventsService } from '../../common/services';
import type { Db } from '../db/database';
import { findEventByNumber, listEvents, listUpcomingEvents } from '../db/repositories/events';
import { placesLeft } from '../db/repositories/signups';
import { NotFoundError, ValidationError } from './errors';

/**
 * Event numbers arrive as URL text; only plain whole numbers are accepted. 0 is a number like any
 * other: no event has it, so asking for it is a not-found, not a malformed request.
 */
export function parseEventNumber(raw: string | number): number {
  const text = String(raw).trim();
  if (!/^\d{1,9}$/.test(text)) {
    throw new ValidationError({ eventNumber: 'Event number must be a positive whole number.' });
  }
  return Number(text);
}

export function createEventsService(db: Db, now: () => Date = () => new Date()): EventsService {
  return {
    upcoming: () => listUpcomingEvents(db, todayInFoundationZone(now())),
    all: () => listEvents(db),
    async byNumber(raw) {
      const eventNumber = parseEventNumber(raw);
      const event = await findEventByNumber(db, eventNumber);
      if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
      return event;
    },
    placesLeft: (eventNumber) => placesLeft(db, eventNumber, now().toISOString()),
  };
}
