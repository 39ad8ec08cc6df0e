import type { IncomingMessage, RequestListener } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { routeLabel, type CachedApiPattern, type PagePatterns } from './route-label';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** An error may take the request back to a parent router, resetting `baseUrl`; so the pair is caught at match time. */
function watchMatchedRoute(req: IncomingMessage): () => string | undefined {
  let route: unknown;
  let matched: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      const path = (value as { path?: unknown } | undefined)?.path;
      const baseUrl = (req as { baseUrl?: unknown }).baseUrl;
      matched = typeof path === 'string' ? `${typeof baseUrl === 'string' ? baseUrl : ''}${path}` : undefined;
    },
  });
  return () => matched;
}

export function createHttpMetrics(registry: Registry) {
  const labelNames = ['method', 'route', 'status'] as const;
  const total = new Counter({ name: 'http_requests_total', help: 'Requests answered by this instance, by method, route pattern and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request reaching this instance to its answer being handed to the network.',
    labelNames,
    buckets: BUCKETS,
    registers: [registry],
  });

  /** Wraps the listener, so requests the response cache answers before Express are counted too. */
  function instrument(listener: RequestListener, { pages, cachedApi }: { pages: PagePatterns; cachedApi: CachedApiPattern }): RequestListener {
    return (req, res) => {
      const started = performance.now();
      // Routers rewrite req.url on the way.
      const url = req.url ?? '/';
      const query = url.indexOf('?');
      const path = query === -1 ? url : url.slice(0, query);
      const matched = watchMatchedRoute(req);
      res.once('close', () => {
        const labels = {
          method: METHODS.has(req.method ?? '') ? req.method! : 'OTHER',
          route: routeLabel({ path, matched: matched(), status: res.statusCode, pages, cachedApi }),
          status: String(res.statusCode),
        };
        total.inc(labels);
        duration.observe(labels, (performance.now() - started) / 1000);
      });
      listener(req, res);
    };
  }

  return { instrument };
}
