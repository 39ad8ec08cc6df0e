import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import staticPrecompressed from 'express-static-gzip';
import cookieParser from 'cookie-parser';
import onHeaders from 'on-headers';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { RequestListener } from 'node:http';
import path from 'node:path';
import type { AppLoadContext, ServerBuild } from 'react-router';
import type { IslandsFiles } from '../../common/islands';
import type { PublicConfig } from '../../common/load-context';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { pingDatabase } from '../db/database';
import { MediaStorageError } from '../domain/media/media-store';
import type { Logger } from '../logger';
import type { ServerServices } from '../services';
import { createBackOfficeContext } from './admin/back-office-context';
import { isBackOfficePath } from './admin/back-office-path';
import { apiRouter } from './api/index';
import { publicReadPattern } from './api/public-reads';
import { metricsRoute, type AppMetrics } from './metrics/registry';
import { NO_PAGES, pagePatterns } from './metrics/route-label';
import { readinessRoute } from './readiness';
import { requestContext, requestIdOf } from './middleware/request-context';
import { answerSecurityHeaders, pagePolicy } from './middleware/security-headers';
import { publicAnswerPath } from './public-answers';
import { cachedAnswers, pathOfKey, type CachedAnswers } from './response-cache/cached-answers';
import { markPartOf, readChangeMarks } from './response-cache/change-marks';
import { ResponseCache } from './response-cache/response-cache';
import { UPLOAD_MAX_BYTES } from '../../common/content-admin';
import { limitPagePosts } from './middleware/page-post-limit';
import { clientErrorStatus, rejectMalformedPaths, rejectUnusableHosts } from './middleware/valid-path';
import { xsrfProtection } from './middleware/xsrf';
import { supporterCookies } from './supporter-cookies';
import { createSupporterContext } from './supporter-context';

export const PAYMENT_WEBHOOK_PATH = '/api/stripe/webhook';

export type PageSource =
  | { kind: 'build'; build: ServerBuild; clientDir: string; islands: IslandsFiles }
  | { kind: 'vite'; middlewares: RequestHandler; loadBuild: () => Promise<ServerBuild>; islands: IslandsFiles }
  | { kind: 'none' };

export interface AppDeps {
  config: AppConfig;
  db: Db;
  services: ServerServices;
  logger: Logger;
  pages: PageSource;
  isShuttingDown?: () => boolean;
  /** For links in mail, canonical URLs and the sitemap. Never the Host header, which the sender chooses (reset-link and cache poisoning). */
  siteOrigin: () => string;
  /** Cached pages last no longer than the time window they were made in. */
  clock?: () => Date;
  /** Present only when METRICS_TOKEN is set. */
  metrics?: AppMetrics;
}

export function publicConfigOf(config: AppConfig, siteOrigin: string): PublicConfig {
  return {
    publicUrl: siteOrigin,
    payments:
      config.payments.kind === 'stripe'
        ? { provider: 'stripe', publishableKey: config.payments.publishableKey }
        : { provider: 'simulated' },
  };
}

export function createApp({ config, db, services, logger, pages, isShuttingDown = () => false, siteOrigin, clock = () => new Date(), metrics }: AppDeps): { app: Express; listener: RequestListener } {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  app.use(requestContext(logger));
  const policyOptions = { isProduction: config.isProduction, viteDev: pages.kind === 'vite', stripe: config.payments.kind === 'stripe' };
  const contentSecurityPolicy = pagePolicy(policyOptions);
  const backOfficeFor = createBackOfficeContext({
    staffAuth: services.staffAuth,
    staffManagement: services.staffManagement,
    ...services.backOffice,
    secureCookies: config.isProduction,
    secret: config.jwtSecret,
  });
  const cookies = supporterCookies(config.isProduction);
  const supportersFor = createSupporterContext({ accounts: services.accounts, sessions: services.supporterSessions, counters: services.counters, cookies, siteOrigin });
  let publicConfig: PublicConfig | undefined;
  const publicConfigFor = () => {
    const origin = siteOrigin();
    if (publicConfig?.publicUrl !== origin) publicConfig = publicConfigOf(config, origin);
    return publicConfig;
  };
  const loadContextFor = (ip: string | null, userAgent: string | null): AppLoadContext => ({
    services,
    publicConfig: publicConfigFor(),
    contentSecurityPolicy,
    supporters: supportersFor(ip, userAgent),
    backOffice: backOfficeFor(ip, userAgent),
    islands: pages.kind === 'none' ? null : pages.islands,
  });
  let fast: CachedAnswers['fast'] = () => false;
  if (pages.kind === 'build' && config.pageCache.enabled) {
    const cache = new ResponseCache({
      readMarks: () => readChangeMarks(db, clock()),
      partOf: (key) => markPartOf(pathOfKey(key)),
      groupOf: pathOfKey,
      checkEveryMs: config.pageCache.checkEveryMs,
      ttlMs: config.pageCache.ttlMs,
      clock,
    });
    const answers = cachedAnswers({ cache, app: (req, res) => app(req, res), secureCookies: config.isProduction, logger });
    app.use(answers.middleware);
    fast = answers.fast;
  }
  app.use(answerSecurityHeaders(policyOptions, (req) => publicAnswerPath(req.method, req.originalUrl, req.headers.authorization, req.headers.cookie) !== null));
  app.use(compression());
  app.use(rejectMalformedPaths);

  const notAllowed: RequestHandler = (_req, res) => {
    res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('This method is not allowed here.');
  };
  app.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    if (isShuttingDown()) {
      res.status(503).json({ status: 'shutting-down' });
      return;
    }
    try {
      await pingDatabase(db);
      res.json({ status: 'ok', database: 'ok' });
    } catch (error) {
      logger.error({ err: error }, 'health check: database unreachable');
      res.status(503).json({ status: 'error', database: 'unreachable' });
    }
  });
  app.all('/healthz', notAllowed);
  app.get('/readyz', readinessRoute({ db, dialect: config.database.kind, isShuttingDown, logger }));
  app.all('/readyz', notAllowed);
  // Without a token /metrics does not exist: it falls through to the 404 of any unknown path.
  if (metrics && config.metricsToken) {
    app.get('/metrics', metricsRoute(metrics, config.metricsToken));
    app.all('/metrics', notAllowed);
  }

  // Browsers ask for /favicon.ico on their own.
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  /** Past the second step, and not only a scholarship reviewer: they may see draft uploads. */
  const staffCanPreview = async (req: express.Request): Promise<boolean> => {
    const request = new Request(new URL(req.originalUrl, 'http://localhost'), { headers: { cookie: req.get('cookie') ?? '' } });
    const { session } = await backOfficeFor(req.ip ?? null, req.get('user-agent') ?? null).auth.session(request);
    return session?.stage === 'full' && session.staff.role !== 'reviewer';
  };
  // Uploads are named by a hash of their contents: they never change.
  app.get('/media/u/:key/:name', async (req, res, next) => {
    const { key, name } = req.params;
    if (!/^[a-f0-9]{8,40}$/.test(key) || !/^[a-z0-9]{1,20}\.(avif|webp|pdf)$/.test(name)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    try {
      const file = await services.mediaFiles.read(key, name);
      if (!file.found) {
        if (file.reason === 'no-bucket') {
          // Uploaded while a bucket was configured (MEDIA_S3_*).
          req.log.error({ key, name }, 'an upload kept in the media bucket was asked for, but no bucket is configured (MEDIA_S3_BUCKET)');
          res.status(503).set('Cache-Control', 'no-store').type('text/plain').send('This file is not available right now.');
          return;
        }
        if (file.reason === 'missing-in-bucket') req.log.warn({ key, name }, 'an upload listed in the database is missing from the media bucket');
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      if (!file.published && !(await staffCanPreview(req))) {
        // Awaiting an admin's approval (ADR 022).
        res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
        return;
      }
      res.set({
        // A draft must never reach a shared cache.
        'Cache-Control': file.published ? 'public, max-age=31536000, immutable' : 'private, no-store',
        'Content-Type': file.contentType,
        'X-Content-Type-Options': 'nosniff',
      });
      // Only a flyer opens inline; any other PDF downloads, so it never runs as a page of this origin.
      if (name.endsWith('.pdf')) res.set('Content-Disposition', `${file.flyer ? 'inline' : 'attachment'}; filename="document.pdf"`);
      res.send(file.bytes);
    } catch (error) {
      if (!(error instanceof MediaStorageError)) return next(error);
      req.log.error({ err: error, key, name }, 'the media bucket could not be read');
      res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': '30' }).type('text/plain').send('This file is not available right now.');
    }
  });
  app.use('/media', express.static(path.join(config.contentDir, 'images'), { maxAge: '1d', fallthrough: false }));

  if (pages.kind === 'build') {
    // Fingerprinted, so cached for a year; the build precompressed them (ADR 037).
    const precompressed = { enableBrotli: true, orderPreference: ['br', 'gz'], index: false };
    app.use('/assets', staticPrecompressed(path.join(pages.clientDir, 'assets'), { ...precompressed, serveStatic: { immutable: true, maxAge: '1y', fallthrough: false } }));
    // Page URLs have no extension, so they skip the disk.
    const publicFiles = staticPrecompressed(pages.clientDir, { ...precompressed, serveStatic: { maxAge: '1h', index: false, redirect: false } });
    app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));
  } else if (pages.kind === 'vite') {
    app.use(pages.middlewares);
  }

  app.use(cookieParser());
  app.use(xsrfProtection({ secureCookie: config.isProduction, exempt: [PAYMENT_WEBHOOK_PATH] }));
  app.use('/api', apiRouter(services, { logger, jsonBodyLimit: config.jsonBodyLimit, siteOrigin, clientKeySecret: config.jwtSecret, cookies }));

  if (pages.kind !== 'none') {
    // Other methods would reach undici's Request, which throws on TRACE, TRACK and CONNECT.
    const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);
    app.use((req, res, next) => (PAGE_METHODS.has(req.method) ? next() : notAllowed(req, res, next)));
    // The upload route answers an oversized file beside its field; only past twice that is the body refused here.
    // The scholarship's documents and letters (issue 34) are files too, at most 10 MB each.
    app.use(limitPagePosts({ uploadPaths: /^\/(admin\/media|scholarship\/apply|scholarship\/letter\/[A-Za-z0-9_-]{1,64})(\.data)?$/, uploadMaxBytes: 2 * UPLOAD_MAX_BYTES }));
    app.use(rejectUnusableHosts);
    // Staff pages hold personal data: never cached or indexed (the overview's data is at /admin.data).
    app.use((req, res, next) => {
      // Set as the headers go out, so nothing a route adds can weaken it.
      if (isBackOfficePath(req.path) || req.query.preview !== undefined) onHeaders(res, () => res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' }));
      next();
    });
    // React Router appends headers, so the general CSP must go first for the page's own to replace it.
    app.use((_req, res, next) => {
      res.removeHeader('Content-Security-Policy');
      next();
    });
    app.all(
      '/{*path}',
      createRequestHandler({
        build: pages.kind === 'build' ? pages.build : pages.loadBuild,
        mode: pages.kind === 'build' ? 'production' : 'development',
        getLoadContext: (req) => loadContextFor(req.ip ?? null, req.get('user-agent') ?? null),
      }),
    );
  }

  const lastResort: ErrorRequestHandler = (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = clientErrorStatus(error);
    if (status !== null) {
      res.status(status).type('text/plain').send(status === 404 ? 'Not found' : 'This request cannot be answered.');
      return;
    }
    const requestId = requestIdOf(req);
    req.log.error({ err: error, requestId }, 'unexpected failure');
    res
      .status(500)
      .type('text/plain')
      .send(`Something went wrong on our side. If it keeps happening, contact us and quote ${requestId}.`);
  };
  app.use(lastResort);
  // ADR 029.
  const answer: RequestListener = (req, res) => {
    if (!fast(req, res)) app(req, res);
  };
  const listener = metrics
    ? metrics.http.instrument(answer, { pages: pages.kind === 'build' ? pagePatterns(pages.build.routes) : NO_PAGES, cachedApi: publicReadPattern })
    : answer;
  return { app, listener };
}
