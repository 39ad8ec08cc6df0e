import { todayInFoundationZone } from '../../common/dates';
import type { ApiEvent } from '../../common/events';
import type { EventsService } from '../../common/load-context';
import { formatCents } from '../../common/money';
import type { Db } from '../db/database';
import { findEventByNumber, listEvents, listUpcomingEvents, type EventRecord } from '../db/repositories/events';
import { placesLeft } from '../db/repositories/signups';
import { NotFoundError, ValidationError } from './errors';

/** Only plain whole numbers; 0 is a not-found, not a malformed request. */
export function parseEventNumber(raw: string | number): number {
  const text = String(raw).trim();
  if (!/^\d{1,9}$/.test(text)) {
    throw new ValidationError({ eventNumber: 'Event number must be a positive whole number.' });
  }
  return Number(text);
}

/** Spec §3: snake_case names, its "accomodations", prices also as text. */
export function toApiEvent(e: EventRecord): ApiEvent {
  return {
    eventNumber: e.eventNumber,
    eventType: e.eventType,
    name: e.name,
    description: e.description,
    location: e.location,
    eventDate: e.eventDate,
    startTime: e.startTime,
    image: e.image,
    active: e.active,
    show_sponsor: e.showSponsor,
    sponsor: e.sponsor,
    stats: e.stats.map((s) => ({ price: s.priceCents === null ? null : formatCents(s.priceCents), priceCents: s.priceCents, text: s.text })),
    accomodations: e.accommodations,
    proceeds: e.proceeds,
    partnership_flyer: e.partnershipFlyer,
    rules_flyer: e.rulesFlyer,
    capacity: e.capacity,
    signup: e.signup,
  };
}

export function createEventsService(db: Db, now: () => Date = () => new Date()): EventsService {
  return {
    upcoming: async () => (await listUpcomingEvents(db, todayInFoundationZone(now()))).map(toApiEvent),
    all: async () => (await listEvents(db)).map(toApiEvent),
    async byNumber(raw, options = {}) {
      const eventNumber = parseEventNumber(raw);
      const event = await findEventByNumber(db, eventNumber, { drafts: options.drafts ?? false });
      if (!event) throw new NotFoundError({ eventNumber: `Event ${eventNumber} doesn't exist.` });
      return toApiEvent(event);
    },
    placesLeft: (eventNumber) => placesLeft(db, eventNumber, now().toISOString()),
  };
}
