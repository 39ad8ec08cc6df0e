import express, { Router } from 'express';
import type { AppServices } from '../../../common/services';
import { contentRouter } from './content';
import { apiErrorHandler, apiNotFound } from './errors';
import { eventsRouter } from './events';

/** Every /api route; one file per resource. */
export function apiRouter(services: AppServices, { jsonBodyLimit }: { jsonBodyLimit: string }): Router {
  const api = Router();
  api.use(express.json({ limit: jsonBodyLimit }));
  api.use('/content', contentRouter(services));
  api.use('/events', eventsRouter(services));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
