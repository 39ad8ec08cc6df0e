import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../../logger';
import { redactSecretPath } from '../secret-paths';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const INCOMING_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function newRequestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}

/** The query string can hold secrets (client secrets, link signatures) and so can SECRET_PATHS. */
export function loggableUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const query = url.indexOf('?');
  return redactSecretPath(query === -1 ? url : url.slice(0, query));
}

export function requestContext(logger: Logger): RequestHandler {
  const httpLogger = pinoHttp({
    logger,
    genReqId(req, res) {
      const id = newRequestId(req);
      res.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    // Health checks every few seconds would drown the log.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || req.url?.startsWith('/assets/') === true },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  return httpLogger;
}

export function requestIdOf(req: { id?: unknown }): string {
  return typeof req.id === 'string' ? req.id : String(req.id ?? 'unknown');
}
