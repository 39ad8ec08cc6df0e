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
import { islandFilesForDevServer, readIslandFiles } from './http/island-files';
import { createAppMetrics } from './http/metrics/registry';
import { createLogger, type Logger } from './logger';
import { createMailer } from './mail/create-mailer';
import { startJobs } from './jobs';
import { findProjectRoot } from './project-root';
import { createServices, type ServerServices } from './services';

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
export const BUILD_DIR = path.join(PROJECT_ROOT, 'build');
// After the drain period.
const QUIET_MS = 250;
const SERVER_BUILD = path.join(BUILD_DIR, 'server', 'index.js');

export interface RunningServer {
  url: string;
  port: number;
  server: Server;
  db: Db;
  logger: Logger;
  /** For scripts and tests that act as the server would. */
  services: ServerServices;
  /** Reports unhealthy through the drain period, then finishes accepted requests and background work before closing the database. */
  shutdown(reason?: string): Promise<void>;
}

export interface StartOptions {
  pages: 'build' | 'vite' | 'none';
  logger?: Logger;
  /** Tests move it (months of monthly gifts in seconds). */
  clock?: () => Date;
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
        islands: islandFilesForDevServer(),
      },
      close: () => devServer.close(),
    };
  }
  if (!existsSync(SERVER_BUILD)) {
    throw new Error(`No build found at ${SERVER_BUILD}. Run \`npm run build\` (npm start does it for you).`);
  }
  const build = (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
  const clientDir = path.join(BUILD_DIR, 'client');
  return { source: { kind: 'build', build, clientDir, islands: readIslandFiles(clientDir) } };
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
    // PUBLIC_URL is required in production.
    const siteOrigin = () => config.publicUrl ?? listeningUrl;
    const metrics = config.metricsToken ? createAppMetrics({ db, logger, clock: options.clock }) : undefined;
    const services = createServices({ db, config, mailer, logger, origin: siteOrigin, clock: options.clock, onMailAttempt: metrics?.mailDelivery });
    const { listener } = createApp({
      config,
      db,
      services,
      logger,
      pages: pages.source,
      isShuttingDown: () => shuttingDown,
      siteOrigin,
      clock: options.clock,
      metrics,
    });
    // So shutdown can tell when every request already sent has arrived.
    let inFlight = 0;
    let lastActivity = Date.now();
    const answered = () => {
      inFlight -= 1;
      lastActivity = Date.now();
    };
    // No per-request listeners: the response cache's answers are out when the listener returns (ADR 029).
    const server = createServer((req, res) => {
      lastActivity = Date.now();
      // So clients stop reusing the connection.
      if (shuttingDown) res.shouldKeepAlive = false;
      listener(req, res);
      if (res.writableEnded) return;
      inFlight += 1;
      res.once('close', answered);
    });
    server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;

    const host = config.host && config.host !== '0.0.0.0' && config.host !== '::' ? config.host : 'localhost';
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
    listeningUrl = url;
    // Settles payments whose page died; sends mail left unsent.
    const jobs = startJobs({ services, logger, metrics });
    server.on('connection', () => (lastActivity = Date.now()));

    /** Checked again after two event-loop turns: connections queued in the kernel are accepted then, and closing first would reset them. */
    async function quiet(quietMs: number): Promise<void> {
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        if (inFlight > 0 || Date.now() - lastActivity < quietMs) continue;
        const seen = lastActivity;
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        if (inFlight === 0 && lastActivity === seen) return;
      }
    }

    let shutdownPromise: Promise<void> | undefined;
    const shutdown = (reason = 'shutdown') => {
      shutdownPromise ??= (async () => {
        shuttingDown = true;
        logger.info({ reason, drainMs: config.shutdownDrainMs }, 'shutting down: /healthz reports 503, still answering while the load balancer drains');
        // Drain period, then until quiet, but never past the shutdown timeout.
        const deadline = new Promise((resolve) => setTimeout(resolve, config.shutdownTimeoutMs).unref());
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
        await Promise.race([quiet(QUIET_MS), deadline]);
        const force = setTimeout(() => {
          logger.warn('shutdown timeout reached: closing remaining connections');
          server.closeAllConnections();
        }, config.shutdownTimeoutMs);
        force.unref();
        // Busy connections close once their answer is out.
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        await closed;
        clearInterval(idle);
        clearTimeout(force);
        await jobs.stop();
        await closePages?.();
        await mailer.close();
        await services.mediaStore.close();
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
