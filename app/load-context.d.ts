import type { AppLoadContextValue } from '../common/load-context';

// The services server/http hands to every loader, typed for route modules (DESIGN.md: one wiring point).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppLoadContextValue {}
}
