/** The site's menu (spec §2), in one place for the desktop and mobile menus. */

export interface NavLinkItem {
  label: string;
  to: string;
}

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

/** Signed-in users see My Dashboard and Log out; visitors see Register and Log in. */
export function accountLinks(isAuthenticated: boolean): NavLinkItem[] {
  return isAuthenticated
    ? [
        { label: 'My Dashboard', to: '/dashboard' },
        { label: 'Log out', to: '/logout' },
      ]
    : [
        { label: 'Register', to: '/register' },
        { label: 'Log in', to: '/login' },
      ];
}

/** Whether a menu link is the current section: "/" only on the home page, others for their sub-pages too. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}
