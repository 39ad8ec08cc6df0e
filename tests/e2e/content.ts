import { FIXTURE_ANCHOR_DATE, fixtureEvent, readContent } from '../fixtures/fixture-content';
import { E2E_CONTENT_DIR } from './e2e-env';

/**
 * What the e2e server is seeded with: the test fixture (tests/fixtures/content). Read from the
 * fixture itself, so test files can use it while Playwright lists the tests, before the server
 * has written its copy; the event dates here are the fixture's anchored ones (see eventDateOf).
 */
export const content = readContent();

const event = (type: Parameters<typeof fixtureEvent>[1], when: 'past' | 'upcoming') => fixtureEvent(content.events, type, when, FIXTURE_ANCHOR_DATE);

/** The fixture's events by what the tests need of them. */
export const EVENTS = {
  golf: event('Golf Event', 'upcoming'),
  gaming: event('Gaming Event', 'upcoming'),
  benefit: event('Benefit Event', 'upcoming'),
  pastGolf: event('Golf Event', 'past'),
  pastBenefit: event('Benefit Event', 'past'),
};

/** An event's date on the real calendar, as the server has it (from the copy it was seeded with). */
export function eventDateOf(eventNumber: number): string {
  const seeded = readContent(E2E_CONTENT_DIR).events.find((e) => e.eventNumber === eventNumber);
  if (!seeded) throw new Error(`event ${eventNumber} is not in ${E2E_CONTENT_DIR}`);
  return seeded.eventDate;
}

/** Content text to match literally inside a regular expression (names can hold `.`, `(`, `&`, …). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
