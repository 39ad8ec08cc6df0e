import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { AppConfig } from './config';
import { createDatabase, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { createApp, type PageSource } from './http/app';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/mailer';
import { createServices, type ServerServices } from './services';

export const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
export const BUILD_DIR = path.join(PROJECT_ROOT, 'build');
const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');
const RECONCILE_EVERY_MS = 5 * 60 * 1000;

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  db: Db;
  logger: Logger;
  /** The domain services, for scripts and tests that act as the server would. */
  services: ServerServices;
  /** Stop accepting, let in-flight requests finish (up to the configured timeout), close the database. */
  shutdown(reason?: string): Promise<void>;
}

export interface StartOptions {
  /** 'build' serves build/ (npm start), 'vite' hot-reloads (npm run dev), 'none' is API only. */
  pages: 'build' | 'vite' | 'none';
  logger?: Logger;
}

async function pageSource(kind: StartOptions['pages']): Promise<{ source: PageSource; close?: () => Promise<void> }> {
  if (kind === 'none') return { source: { kind: 'none' } };
  if (kind === 'vite') {
    const vite = await import('vite');
    const devServer = await vite.createServer({ root: PROJECT_ROOT, server: { middlewareMode: true } });
    return {
      source: {
        kind: 'vite',
        middlewares: devServer.middlewares,
        loadBuild: () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
      },
      close: () => devServer.close(),
    };
  }
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(`No build found at ${SERVER_BUILD}. Run \`npm run build\` (npm start does it for you).`);
  }
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  return { source: { kind: 'build', build, clientDir: path.join(BUILD_DIR, 'client') } };
}

export async function startServer(config: AppConfig, options: StartOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = createDatabase(config.database, (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'));
  const mailer = createMailer(config.mail, logger);
  let closePages: (() => Promise<void>) | undefined;
  try {
    const applied = await migrateToLatest(db, config.database.kind);
    if (applied.length > 0) logger.info({ migrations: applied }, 'database migrated');
    if (config.seedOnEmpty) {
      const seeded = await seedIfEmpty(db, config.contentDir);
      if (seeded) logger.info(seeded, 'empty database seeded with the sample content');
    }
    const pages = await pageSource(options.pages);
    closePages = pages.close;

    let shuttingDown = false;
    let listeningUrl = `http://localhost:${config.port}`;
    // Mail sent outside a request links to PUBLIC_URL (required in production), else to this server.
    const services = createServices({ db, config, mailer, logger, origin: () => config.publicUrl ?? listeningUrl });
    const app = createApp({
      config,
      db,
      services,
      logger,
      pages: pages.source,
      isShuttingDown: () => shuttingDown,
    });
    const server = createServer(app);
    server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;

    // Payments that succeeded while their page died are settled now and every few minutes.
    const reconcile = () =>
      services.paymentEvents.reconcile().catch((error: unknown) => logger.error({ err: error }, 'payment reconciliation failed'));
    void reconcile();
    const reconcileTimer = setInterval(() => void reconcile(), RECONCILE_EVERY_MS);
    reconcileTimer.unref();
    const url = `http://${config.host && config.host !== '0.0.0.0' ? config.host : 'localhost'}:${port}`;
    listeningUrl = url;

    let shutdownPromise: Promise<void> | undefined;
    const shutdown = (reason = 'shutdown') => {
      shutdownPromise ??= (async () => {
        shuttingDown = true;
        clearInterval(reconcileTimer);
        logger.info({ reason }, 'shutting down: no new connections, finishing in-flight requests');
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // Keep-alive sockets become idle as their last response ends: close them as they do.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => {
          logger.warn('shutdown timeout reached: closing remaining connections');
          server.closeAllConnections();
        }, config.shutdownTimeoutMs);
        force.unref();
        await closed;
        clearInterval(sweep);
        clearTimeout(force);
        await closePages?.();
        await mailer.close();
        await db.destroy();
        logger.info('shutdown complete');
      })();
      return shutdownPromise;
    };
    return { url, port, server, db, logger, services, shutdown };
  } catch (error) {
    await closePages?.();
    await mailer.close();
    await db.destroy();
    throw error;
  }
}
