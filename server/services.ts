import type { AppServices } from '../common/services';
import type { Db } from './db/database';
import { createContentService } from './domain/content';
import { createEventsService } from './domain/events';

/** The one place the domain services are built; HTTP routes and page loaders share them. */
export function createServices(db: Db): AppServices {
  return {
    content: createContentService(db),
    events: createEventsService(db),
  };
}
