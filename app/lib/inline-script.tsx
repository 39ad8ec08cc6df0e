import { useNonce } from './nonce';

/**
 * Runs a self-contained function as an inline script on arrival (ADR 042). React never runs scripts
 * it renders in the browser, so a page React runs calls the function itself.
 */
export function InlineScript<T>({ run, data }: { run: (d: Document, data: T) => unknown; data?: T }) {
  const nonce = useNonce();
  const source = `(${run.toString()})(document${data === undefined ? '' : `,${JSON.stringify(data)}`})`;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
