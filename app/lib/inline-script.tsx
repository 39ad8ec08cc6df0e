import { useNonce } from './nonce';

/**
 * Runs a self-contained function of the page's (it may use nothing from outside itself) as an
 * inline script when the page arrives, given the document and `data` (as JSON): the few lines a
 * page without scripts may run (ADR 042). A script React renders in the browser never runs, so a
 * page React runs calls the function itself.
 */
export function InlineScript<T>({ run, data }: { run: (d: Document, data: T) => unknown; data?: T }) {
  const nonce = useNonce();
  const source = `(${run.toString()})(document${data === undefined ? '' : `,${JSON.stringify(data)}`})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
