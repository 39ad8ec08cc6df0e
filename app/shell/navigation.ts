import type { PublicPath } from '../../common/public-pages';

/** Spec §2. */

export interface NavLinkItem {
  label: string;
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
  audience: 'in' | 'out';
}

/** Spec §2. All four are rendered and CSS picks the pair from <html data-auth>, avoiding a flash of the wrong links. */
export const ACCOUNT_LINKS: AccountLinkItem[] = [
  { label: 'My Dashboard', to: '/dashboard', audience: 'in' },
  { label: 'Register', to: '/register', audience: 'out' },
  { label: 'Log in', to: '/login', audience: 'out' },
  { label: 'Log out', to: '/logout', audience: 'in' },
];

/** "/" only on the home page; others for their sub-pages too. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
