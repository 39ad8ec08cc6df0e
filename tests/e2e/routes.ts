import { fillPath, PUBLIC_PAGES } from '../../common/public-pages';
import { content, EVENTS } from './content';

/**
 * Every public page the e2e suite visits: the table of public pages' `measured` ones
 * (common/public-pages.ts), an event page for each kind of event of the fixture content and its
 * first album. Dashboard and Log out send signed-out visitors to /login, so accounts.spec.ts
 * covers them signed in.
 */
const EVENT_NUMBERS = [EVENTS.golf, EVENTS.gaming, EVENTS.benefit, EVENTS.pastBenefit].map((event) => event.eventNumber);
const token = content.gallery.galleries[0]!.token;

const PAGES = PUBLIC_PAGES.filter((page) => page.measured).flatMap((page) =>
  page.path.includes(':eventNumber')
    ? EVENT_NUMBERS.map((eventNumber) => ({ path: fillPath(page.path, { eventNumber }), javascript: page.javascript }))
    : [{ path: fillPath(page.path, { token }), javascript: page.javascript }],
);

export const PUBLIC_ROUTES = PAGES.map((page) => page.path);

/** Whether the page loads React when it arrives (else no script file at all). */
export const loadsReact = (route: string): boolean => PAGES.find((page) => page.path === route)?.javascript ?? true;
