import type { AppLoadContextValue } from '../common/load-context';

// DESIGN.md: one wiring point.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppLoadContextValue {}
}
