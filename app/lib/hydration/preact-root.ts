/**
 * What it takes for Preact (preact/compat, the browser build's `react`: ADR 041) to hydrate a
 * page React 19 rendered on the server. tests/e2e/hydration.spec.ts checks the result on every
 * public route; every other browser test fails on the console error a mismatch causes.
 */
import { options as preactOptions } from 'preact';
import { HydratedRouter } from 'react-router/dom';

/**
 * Preact runs effects after the next animation frame (or a 35 ms timer); a hidden tab or a paused
 * clock never runs them, so the page would never say it is hydrated. React's scheduler posts a
 * MessageChannel task, which runs in both: do the same.
 */
export function runEffectsOnATask(): void {
  (preactOptions as { requestAnimationFrame?: (callback: () => void) => void }).requestAnimationFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback();
    channel.port2.postMessage(null);
  };
}

const XHTML = 'http://www.w3.org/1999/xhtml';

/**
 * A <script> React renders in the browser never runs: React makes it through innerHTML, which
 * marks it as already started. Preact makes elements with createElementNS, and a script made that
 * way runs when inserted. When a page's whole tree is mounted again (from the not-found page to
 * another, React Router puts the root layout at another depth), the head's scripts would run a
 * second time, and the CSP blocks those whose client text differs from the server's. So Preact's
 * scripts are made as React makes them. Scripts made with createElement (Stripe's loader, the boot
 * script) are left alone.
 */
export function clientScriptsNeverRun(): void {
  const createElementNS = document.createElementNS.bind(document) as (namespace: string | null, name: string, options?: ElementCreationOptions) => Element;
  document.createElementNS = ((namespace: string | null, name: string, options?: ElementCreationOptions) => {
    if (namespace !== XHTML || name !== 'script') return createElementNS(namespace, name, options);
    const holder = document.createElement('div');
    holder.innerHTML = '<script></script>';
    return holder.firstChild as HTMLScriptElement;
  }) as typeof document.createElementNS;
}

/**
 * React Router's HydratedRouter throws a promise on its first render while it decodes the state
 * the server streamed into the page; React 19 suspends the root and retries. Preact cannot suspend
 * a root, and a <Suspense> at the document root hydrates into the wrong parent. So the decoding is
 * started here, outside rendering (it throws before any hook runs), and awaited.
 */
export async function routerStateDecoded(): Promise<void> {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) {
      await thrown;
      return;
    }
    throw thrown;
  }
  throw new Error('React Router decoded its state without suspending: check routerStateDecoded against this version');
}

/** Preact's names for two of its option hooks (stable across its releases: its devtools use them). */
interface PreactOptions {
  diffed?: (vnode: HydratedVNode) => void;
  /** Called when hydrating had to create an element the server did not render. */
  __m?: (vnode: HydratedVNode) => void;
}
interface HydratedVNode {
  type: unknown;
  props: Record<string, unknown>;
  /** The DOM node. */
  __e?: Element | Text | null;
}

// Props whose value is an element id (React's useId ids among them).
const ID_PROPS: Record<string, string> = {
  id: 'id',
  htmlFor: 'for',
  for: 'for',
  form: 'form',
  list: 'list',
  headers: 'headers',
  popoverTarget: 'popovertarget',
  popovertarget: 'popovertarget',
};
const idAttribute = (prop: string) => ID_PROPS[prop] ?? (/^aria-(describedby|labelledby|controls|owns|activedescendant|details|errormessage|flowto)$/.test(prop) ? prop : undefined);

/**
 * Hydrates with `render`, then keeps the DOM's ids in step with Preact's. React's server and
 * Preact make different useId ids, and Preact leaves the server's attributes in place while
 * hydrating: a label kept its server id while an element added later (an error message, a tab
 * panel) got Preact's, and the reference between them broke. So while hydrating, every id and
 * id reference is written as Preact renders it. An element hydrating had to create (the server
 * did not render it) is reported as React reports a mismatch: a console error (but the
 * modulepreload links the server leaves out on purpose).
 */
export function hydrateKeepingIds(render: () => void): void {
  const options = preactOptions as PreactOptions;
  const diffed = options.diffed;
  // Only for the hydrating render: every later render keeps Preact's ids on its own.
  options.diffed = (vnode) => {
    diffed?.(vnode);
    const dom = vnode.__e;
    if (typeof vnode.type !== 'string' || !(dom instanceof Element)) return;
    for (const prop in vnode.props) {
      const attribute = idAttribute(prop);
      const value = vnode.props[prop];
      if (attribute && (typeof value === 'string' || typeof value === 'number') && dom.getAttribute(attribute) !== String(value)) dom.setAttribute(attribute, String(value));
    }
  };
  const mismatch = options.__m;
  options.__m = (vnode) => {
    mismatch?.(vnode);
    // The server takes these out so that nothing loads before the first paint (ADR 028).
    if (vnode.type === 'link' && vnode.props.rel === 'modulepreload') return;
    console.error(`Hydration mismatch: the server did not render this <${String(vnode.type)}>`, vnode.props);
  };
  try {
    render();
  } finally {
    options.diffed = diffed;
  }
}

/**
 * Given `document`, Preact renders into <html> and would create a second <html> inside it. This
 * stand-in parent has <html> as its only child, so Preact hydrates the document element itself.
 */
export const documentAsParent = {
  namespaceURI: document.documentElement.namespaceURI,
  ownerDocument: document,
  get firstChild() {
    return document.documentElement;
  },
  get childNodes() {
    return [document.documentElement];
  },
  insertBefore: (node: Node, before: Node | null) => document.insertBefore(node, before),
  appendChild: (node: Node) => document.appendChild(node),
  removeChild: (node: Node) => document.removeChild(node),
} as unknown as Document;

/**
 * React 19's server renderer reorders <head>: charset and viewport first, then preloads it adds
 * itself (for fetchPriority="high" images), the rest after. Preact hydrates element by element in
 * the order it renders and does not patch attributes, so a reordered head would map the stylesheet
 * <link> onto another <link> and drop it. Put the head back in the order root.tsx renders it.
 */
export function headInRenderOrder(): void {
  const head = document.head;
  for (const link of head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
  const charset = head.querySelector('meta[charset]');
  const authScript = head.querySelector('script:not([src])');
  if (charset && authScript) charset.after(authScript);
}
