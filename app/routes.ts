import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { PUBLIC_PAGES } from '../common/public-pages';

const publicRoute = ({ path, file }: { path: string; file: string }) => (path === '/' ? index(file) : route(path.replace(/^\//, ''), file));
const notFound = PUBLIC_PAGES.filter((page) => page.path === '*');

/** Anything else falls to the not-found route (HTTP 404). */
export default [
  ...PUBLIC_PAGES.filter((page) => page.path !== '*').map(publicRoute),
  ...prefix('admin', [
    route('login', 'routes/admin/login.tsx'),
    route('login/code', 'routes/admin/login-code.tsx'),
    route('invite/:token', 'routes/admin/invite.tsx'),
    route('logout', 'routes/admin/logout.tsx'),
    route('donations.csv', 'routes/admin/donations-csv.ts'),
    route('events/:eventNumber/registrations.csv', 'routes/admin/registrations-csv.ts'),
    route('events/:eventNumber/sponsorships.csv', 'routes/admin/sponsorships-csv.ts'),
    route('sponsorships/logos/:file', 'routes/admin/sponsorship-logo.ts'),
    route('scholarship/files/:fileId', 'routes/admin/scholarship-file.ts'),
    route('scholarship/:roundId/applications.csv', 'routes/admin/scholarship-ranking-csv.ts'),
    route('scholarship/:roundId/scores.csv', 'routes/admin/scholarship-scores-csv.ts'),
    layout('routes/admin/layout.tsx', [
      index('routes/admin/overview.tsx'),
      route('security', 'routes/admin/security.tsx'),
      route('donations', 'routes/admin/donations.tsx'),
      route('payments/:paymentId', 'routes/admin/payment.tsx'),
      route('events', 'routes/admin/events.tsx'),
      route('events/new', 'routes/admin/event-edit.tsx', { id: 'routes/admin/event-new' }),
      route('events/:eventNumber/edit', 'routes/admin/event-edit.tsx'),
      route('announcements', 'routes/admin/announcements.tsx'),
      route('campaigns', 'routes/admin/campaigns.tsx'),
      route('scholarship', 'routes/admin/scholarship-rounds.tsx'),
      route('scholarship/:roundId/winners', 'routes/admin/scholarship-winners.tsx'),
      route('scholarship/:roundId', 'routes/admin/scholarship-round.tsx'),
      route('scholarship/applications/:applicationId', 'routes/admin/scholarship-application.tsx'),
      route('pages', 'routes/admin/pages.tsx'),
      route('pages/:page', 'routes/admin/page-edit.tsx'),
      route('media', 'routes/admin/media.tsx'),
      route('events/:eventNumber/registrations', 'routes/admin/registrations.tsx'),
      route('events/:eventNumber/check-in', 'routes/admin/check-in.tsx'),
      route('events/:eventNumber/sponsorships', 'routes/admin/sponsorships.tsx'),
      route('events/:eventNumber/sponsorships/sheet', 'routes/admin/sponsorship-sheet.tsx'),
      route('events/:eventNumber/waiting-list', 'routes/admin/waiting-list.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('giving', 'routes/admin/giving.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      route('*', 'routes/admin/not-found.tsx'),
    ]),
  ]),
  ...notFound.map(publicRoute),
] satisfies RouteConfig;
