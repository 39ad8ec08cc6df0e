import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import type { HydrateWhen } from './lib/hydration/boot-script';
import { deferScripts } from './lib/hydration/defer-scripts.server';
import { NonceProvider } from './lib/nonce';

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending it (onAllReady), so every page is complete HTML even
 * with JavaScript off. The finished HTML then has its scripts deferred until after the first
 * paint, and its Content-Security-Policy allows exactly the inline scripts it holds (by hash,
 * so the same bytes can be cached and served to anyone: ADR 028).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Marks the scripts this render writes; deferScripts allows exactly those and removes the mark.
  const renderMark = randomBytes(18).toString('base64url');
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        try {
          const page = deferScripts(Buffer.concat(chunks).toString('utf8'), renderMark, hydrateWhen(routerContext));
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('Content-Security-Policy', loadContext.contentSecurityPolicy(page.scriptHashes));
          resolve(new Response(page.html, { headers: responseHeaders, status }));
          done();
        } catch (error) {
          reject(error);
          done();
        }
      },
    });
    const app = (
      <NonceProvider value={renderMark}>
        <ServerRouter context={routerContext} url={request.url} nonce={renderMark} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: renderMark,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000).unref();
  });
}

/** The deepest matched route's `handle.hydrate` (HYDRATE_ON_INTERACTION), else at load. */
function hydrateWhen({ staticHandlerContext, routeModules }: EntryContext): HydrateWhen {
  const deepest = staticHandlerContext.matches.at(-1);
  const handle = deepest ? (routeModules[deepest.route.id]?.handle as { hydrate?: HydrateWhen } | undefined) : undefined;
  return staticHandlerContext.errors ? 'load' : (handle?.hydrate ?? 'load');
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
