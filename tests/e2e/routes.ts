/** Every public screen the e2e suite visits (spec §2), with a gallery token from the sample content. Dashboard and
 * Log out send signed-out visitors to /login, so accounts.spec.ts covers them signed in. */
export const PUBLIC_ROUTES = [
  '/',
  '/cof',
  '/family',
  '/staff',
  '/golfers',
  '/events',
  '/events/6',
  '/events/4',
  '/events/5',
  '/events/3',
  '/scholarship',
  '/family_of_the_year',
  '/gallery',
  '/gallery/kx7m2p9q',
  '/sponsors',
  '/login',
  '/register',
] as const;
