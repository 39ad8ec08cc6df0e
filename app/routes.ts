import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** Spec §2 route table; anything else falls to the not-found route (HTTP 404). */
export default [
  index('routes/home.tsx'),
  route('cof', 'routes/cof.tsx'),
  route('family', 'routes/family.tsx'),
  route('staff', 'routes/staff.tsx'),
  route('golfers', 'routes/golfers.tsx'),
  route('events', 'routes/events.tsx'),
  route('events/:eventNumber', 'routes/event-detail.tsx'),
  route('scholarship', 'routes/scholarship.tsx'),
  route('family_of_the_year', 'routes/family-of-the-year.tsx'),
  route('gallery', 'routes/gallery.tsx'),
  route('gallery/:token', 'routes/gallery-album.tsx'),
  route('sponsors', 'routes/sponsors.tsx'),
  route('dashboard', 'routes/dashboard.tsx'),
  route('login', 'routes/login.tsx'),
  route('register', 'routes/register.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('forgot', 'routes/forgot.tsx'),
  route('reset/:token', 'routes/reset-password.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
