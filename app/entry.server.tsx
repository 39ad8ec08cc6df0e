import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { inlineScriptHashes } from './lib/csp/inline-script-hashes.server';
import { NonceProvider } from './lib/nonce';
import { IslandsProvider } from './lib/islands/IslandLoader';

export const streamTimeout = 5_000;

/**
 * Renders the whole page first (onAllReady): complete HTML without JavaScript, and a CSP that can
 * list exactly the page's inline scripts by hash, so the bytes can be cached for anyone (ADR 042).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Marks the scripts this render writes; the policy allows them by hash, not by this mark.
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
          const html = Buffer.concat(chunks).toString('utf8');
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('Content-Security-Policy', loadContext.contentSecurityPolicy(inlineScriptHashes(html, renderMark)));
          // A page may change with any write; an ETag makes the revalidation a 304.
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
          resolve(new Response(html, { headers: responseHeaders, status }));
          done();
        } catch (error) {
          reject(error);
          done();
        }
      },
    });
    const app = (
      <NonceProvider value={renderMark}>
        <IslandsProvider value={loadContext.islands}>
          <ServerRouter context={routerContext} url={request.url} nonce={renderMark} />
        </IslandsProvider>
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: renderMark,
      // Sent whole, so no Suspense boundary is moved in by a script and dialogs are complete without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
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

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A cross-site form refused by React Router (CSRF) is an attack turned away, not a fault of ours.
  if (error instanceof Error && /origin does not match/.test(error.message)) {
    console.warn(`refused a form posted from another origin: ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};
