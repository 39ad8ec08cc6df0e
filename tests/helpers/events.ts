import { todayInFoundationZone } from '../../common/dates';
import type { Db } from '../../server/db/database';
import { upsertEvent, type EventInput } from '../../server/db/repositories/events';

/** The calendar date `days` from today in the foundation's time zone (negative: in the past). */
export const dayFromNow = (days: number) => todayInFoundationZone(new Date(Date.now() + days * 86_400_000));

/**
 * An event of the test's own, open for sign-ups and dated relative to today, so tests depend
 * neither on the sample content nor on the calendar.
 */
/** The back office's event editor fields for a golf event, as its form posts them. */
export const golfEventFields = (name: string, overrides: Record<string, string> = {}): Record<string, string> => ({
  name,
  description: 'Eighteen holes for scholarships.',
  location: 'Wheeling, WV',
  eventDate: dayFromNow(40),
  startTime: '09:00',
  active: 'on',
  price: '400.00',
  playersPerTeam: '4',
  capacity: '',
  refundDaysBefore: '14',
  signupOpensOn: '',
  signupClosesOn: '',
  'statText.0': 'Team of four',
  'statPrice.0': 'price',
  proceeds: 'Scholarships',
  ...overrides,
});

export async function createTestEvent(db: Db, event: Pick<EventInput, 'eventNumber'> & Partial<EventInput>): Promise<number> {
  await upsertEvent(db, {
    eventType: 'Golf Event',
    name: `Test event ${event.eventNumber}`,
    description: 'An event made by a test.',
    location: 'Testburg, PA',
    eventDate: dayFromNow(60),
    startTime: '09:00',
    image: null,
    active: true,
    show_sponsor: false,
    sponsor: null,
    stats: [],
    accomodations: [],
    proceeds: '',
    partnership_flyer: null,
    rules_flyer: null,
    capacity: null,
    ...event,
  });
  return event.eventNumber;
}
