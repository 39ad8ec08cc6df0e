import { createHash } from 'node:crypto';
import { DEFERRED_DATA_TYPE, DEFERRED_MODULE_ID, DEFERRED_MODULE_TYPE, HYDRATION_BOOT_SCRIPT, type HydrateWhen } from './boot-script';

export interface DeferredPage {
  html: string;
  /** CSP hash sources ('sha256-…') of the inline scripts the app wrote, the deferred module and the boot script. */
  scriptHashes: string[];
}

const MODULE_ATTRIBUTES = ' type="module" async=""';
const REACT_ROUTER_DATA = 'window.__reactRouterContext';
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/**
 * Makes a rendered page paint before any JavaScript is fetched (ADR 028): drops React Router's
 * modulepreload links, turns its module script, its context and the page's data into inert text the boot
 * script runs after the first paint (or on the first interaction, `when` says), and adds that boot script. Only scripts carrying `renderMark` (the nonce the page
 * was rendered with, known to nobody else) are allowed by hash, so a script that found its way
 * into the HTML some other way still cannot run. The mark is removed.
 */
export function deferScripts(html: string, renderMark: string, when: HydrateWhen = 'load'): DeferredPage {
  if (!/^[\w-]{16,}$/.test(renderMark)) throw new Error('the render mark must be a long random token');
  const mark = ` nonce="${renderMark}"`;
  const ours = new RegExp(`<script${escapeRegExp(mark)}([^>]*)>([\\s\\S]*?)</script>`, 'g');
  const hashes = new Set<string>();
  let modules = 0;
  // React Router's context and data wait for the boot script too, when there is a module to start.
  const deferData = html.includes(`<script${mark}${MODULE_ATTRIBUTES}>`);
  // The files React Router would have preloaded: an `interaction` page fetches them after the load event.
  const files = new Set<string>();
  let out = html.replace(MODULE_PRELOAD, (_link, href: string) => (files.add(href), '')).replace(ours, (_whole, attributes: string, source: string) => {
    if (source) hashes.add(scriptHash(source));
    if (attributes === MODULE_ATTRIBUTES) {
      modules += 1;
      return `<script type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}" data-hydrate="${when}" data-prefetch="${[...files].join(' ')}">${source}</script>`;
    }
    if (deferData && attributes === '' && source.startsWith(REACT_ROUTER_DATA)) return `<script type="${DEFERRED_DATA_TYPE}">${source}</script>`;
    return `<script${attributes}>${source}</script>`;
  });
  if (modules > 1) throw new Error(`expected one React Router module script, found ${modules}`);
  out = out.replaceAll(mark, '');
  if (modules === 1) {
    const end = out.lastIndexOf('</body>');
    if (end === -1) throw new Error('the page has no </body>');
    out = `${out.slice(0, end)}<script>${HYDRATION_BOOT_SCRIPT}</script>${out.slice(end)}`;
    hashes.add(scriptHash(HYDRATION_BOOT_SCRIPT));
  }
  return { html: out, scriptHashes: [...hashes] };
}
