import type { IncomingMessage, RequestListener } from 'node:http';
import { Counter, Histogram, type Registry } from 'prom-client';
import { routeLabel, type CachedApiPattern, type PagePatterns } from './route-label';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// From a cached page (well under a millisecond) to a slow card payment call.
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Remembers the Express route that matched, with the mount path it matched under. The router sets
 * `req.route` when a route matches, while `req.baseUrl` is that router's mount path; by the time
 * the answer is out, an error may have taken the request back out to a parent router, which
 * resets `baseUrl`. So the pair is caught at the moment of the match.
 */
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

/** `http_requests_total` and `http_request_duration_seconds` by method, route pattern and status. */
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

  /**
   * Wraps the server's request listener, so every request is counted: Express's and those the
   * response cache answers before Express (ADR 029).
   */
  function instrument(listener: RequestListener, { pages, cachedApi }: { pages: PagePatterns; cachedApi: CachedApiPattern }): RequestListener {
    return (req, res) => {
      const started = performance.now();
      // Routers rewrite req.url on the way; the address as it arrived is what is labelled.
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
