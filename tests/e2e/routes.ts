import { content, EVENTS } from './content';

/** Every public screen the e2e suite visits (spec §2), with events and an album of the fixture content. Dashboard and
 * Log out send signed-out visitors to /login, so accounts.spec.ts covers them signed in. */
export const PUBLIC_ROUTES = [
  '/',
  '/cof',
  '/family',
  '/staff',
  '/golfers',
  '/events',
  `/events/${EVENTS.golf.eventNumber}`,
  `/events/${EVENTS.gaming.eventNumber}`,
  `/events/${EVENTS.benefit.eventNumber}`,
  `/events/${EVENTS.pastBenefit.eventNumber}`,
  '/scholarship',
  '/family_of_the_year',
  '/gallery',
  `/gallery/${content.gallery.galleries[0]!.token}`,
  '/sponsors',
  '/login',
  '/register',
] as const;
