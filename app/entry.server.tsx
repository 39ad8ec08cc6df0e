import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { inlineScriptHashes } from './lib/csp/inline-script-hashes.server';
import { NonceProvider } from './lib/nonce';
import { IslandsProvider } from './lib/islands/IslandLoader';

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending it (onAllReady), so every page is complete HTML even
 * with JavaScript off, and the Content-Security-Policy can allow exactly the inline scripts the
 * page holds, by hash: the same bytes can then be cached and served to anyone (ADR 042).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Marks the scripts this render writes; only those are allowed (by hash). It allows nothing by itself.
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
          // A page may change with any write: browsers ask again each time (an ETag makes that a 304).
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
      // The page is sent whole, so React may write every Suspense boundary in place: none is moved
      // in by a script, and the dialogs are complete with JavaScript off.
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
  // React Router refusing a form posted from another site (CSRF) is an attack turned away, not a fault of ours.
  if (error instanceof Error && /origin does not match/.test(error.message)) {
    console.warn(`refused a form posted from another origin: ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};
