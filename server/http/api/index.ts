import express, { Router } from 'express';
import type { Db } from '../../db/database';
import type { Logger } from '../../logger';
import type { ServerServices } from '../../services';
import { contentRouter } from './content';
import { apiErrorHandler, apiNotFound } from './errors';
import { eventsRouter } from './events';
import { paymentWebhookRouter } from './payment-webhook';
import { simulatedPaymentsRouter } from './simulated-payments';
import { stripeRouter } from './stripe';
import { usersRouter } from './users';

export interface ApiOptions {
  db: Db;
  logger: Logger;
  jsonBodyLimit: string;
  publicUrl: string | undefined;
}

/** Every /api route; one file per resource. */
export function apiRouter(services: ServerServices, { db, logger, jsonBodyLimit, publicUrl }: ApiOptions): Router {
  const api = Router();
  // The webhook's signature covers the exact bytes, so it reads the raw body before JSON parsing.
  api.use(
    '/stripe/webhook',
    paymentWebhookRouter({ gateway: services.gateway, db, logger, onSucceeded: services.paymentEvents.intentSucceeded }),
  );
  api.use(express.json({ limit: jsonBodyLimit }));
  api.use('/content', contentRouter(services));
  api.use('/events', eventsRouter(services));
  api.use('/user', usersRouter(services, { publicUrl }));
  api.use('/stripe', stripeRouter(services));
  api.use('/payments/simulated', simulatedPaymentsRouter(services.gateway));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
