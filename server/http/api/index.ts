import express, { Router } from 'express';
import type { Logger } from '../../logger';
import type { ServerServices } from '../../services';
import { clientKeyOf } from '../middleware/client-key';
import { supporterAuth } from '../middleware/auth';
import { createRateLimits } from '../middleware/rate-limits';
import type { SupporterCookies } from '../supporter-cookies';
import { contentRouter } from './content';
import { apiErrorHandler, apiNotFound } from './errors';
import { eventsRouter } from './events';
import { givingRouter } from './giving';
import { openApiRoute } from './openapi/document';
import { paymentWebhookRouter } from './payment-webhook';
import { paymentsRouter } from './payments';
import { receiptsRouter } from './receipts';
import { simulatedPaymentsRouter } from './simulated-payments';
import { usersRouter } from './users';

export interface ApiOptions {
  logger: Logger;
  jsonBodyLimit: string;
  /** PUBLIC_URL, else where the server listens; never the Host header. */
  siteOrigin: () => string;
  clientKeySecret: string;
  cookies: SupporterCookies;
}

export function apiRouter(services: ServerServices, { logger, jsonBodyLimit, siteOrigin, clientKeySecret, cookies }: ApiOptions): Router {
  const api = Router();
  const auth = supporterAuth(services.supporterSessions, cookies);
  const limits = createRateLimits(services.counters);
  const clientKey = clientKeyOf(clientKeySecret);
  // The webhook's signature covers the exact bytes, so it reads the raw body before JSON parsing.
  api.use('/stripe/webhook', paymentWebhookRouter({ gateway: services.gateway, events: services.gatewayEvents, logger }));
  // Card details are small: the confirm route parses with its own 4 kB limit, before the general parser.
  api.use('/payments/simulated', simulatedPaymentsRouter(services.gateway, { payments: services.payments, limits, clientKey }));
  api.use(express.json({ limit: jsonBodyLimit }));
  // ADR 035.
  api.get('/openapi.json', openApiRoute);
  api.use('/content', contentRouter(services));
  api.use('/events', eventsRouter(services));
  api.use('/user', usersRouter(services, { siteOrigin, limits, auth, cookies }));
  api.use('/stripe', paymentsRouter(services, { limits, clientKey, auth }));
  api.use(receiptsRouter(services, { limits, auth }));
  api.use('/giving', givingRouter(services, auth));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
