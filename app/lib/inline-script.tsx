import { useNonce } from './nonce';

/**
 * Runs a self-contained function of the page's (it may use nothing from outside itself) as an
 * inline script when the page arrives: the few lines a page without scripts may run (ADR 042).
 * A script React renders in the browser never runs, so a page React runs calls the function itself.
 */
export function InlineScript({ run }: { run: (d: Document) => unknown }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `(${run.toString()})(document)` }} />;
}
