import type { PublicPath } from '../../common/public-pages';

/** The site's menu (spec §2), in one place for the desktop and mobile menus. */

export interface NavLinkItem {
  label: string;
  /** A page of the table of public pages. */
  to: PublicPath;
}

export const HOME_LINK: NavLinkItem = { label: 'Home', to: '/' };

export const ABOUT_LINKS: NavLinkItem[] = [
  { label: 'COF', to: '/cof' },
  { label: 'Family', to: '/family' },
  { label: 'Staff', to: '/staff' },
  { label: 'Golf Pros', to: '/golfers' },
];

export const MAIN_LINKS: NavLinkItem[] = [
  { label: 'Events', to: '/events' },
  { label: 'Scholarship', to: '/scholarship' },
  { label: 'Family of the Year', to: '/family_of_the_year' },
  { label: 'Gallery', to: '/gallery' },
  { label: 'Sponsors', to: '/sponsors' },
];

export interface AccountLinkItem extends NavLinkItem {
  /** Shown only to signed-in ('in') or signed-out ('out') visitors. */
  audience: 'in' | 'out';
}

/**
 * Spec §2: signed-in users see My Dashboard and Log out, visitors Register and Log in. All four are
 * rendered and CSS shows the right pair from <html data-auth>, which a head script sets before the
 * first paint: the server cannot know who is signed in, and this avoids a flash of the wrong links.
 */
export const ACCOUNT_LINKS: AccountLinkItem[] = [
  { label: 'My Dashboard', to: '/dashboard', audience: 'in' },
  { label: 'Register', to: '/register', audience: 'out' },
  { label: 'Log in', to: '/login', audience: 'out' },
  { label: 'Log out', to: '/logout', audience: 'in' },
];

/** Whether a menu link is the current section: "/" only on the home page, others for their sub-pages too. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
