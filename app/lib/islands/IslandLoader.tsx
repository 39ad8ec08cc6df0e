import { createContext, useContext } from 'react';
import type { IslandsFiles } from '../../../common/islands';

/** The islands' files, from the server's load context (entry.server); in the browser nothing. */
const IslandsContext = createContext<IslandsFiles | null>(null);
export const IslandsProvider = IslandsContext.Provider;

/**
 * The few inline lines of a page that loads no script file (ADR 042): when one of the islands'
 * dialogs opens (or its opener is pressed, a moment earlier), they fetch the island's files at once
 * and import its module, which starts React in the dialog. A failed load is tried again at the next opening.
 */
export function islandLoaderSource(islands: IslandsFiles): string {
  return `(function(){var files=${JSON.stringify(islands)},d=document,started={};
function load(id){if(started[id])return;started[id]=1;var f=files[id];
f.preload.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});
f.modules.reduce(function(p,m){return p.then(function(){return import(m)})},Promise.resolve()).catch(function(){started[id]=0})}
Object.keys(files).forEach(function(id){var el=d.getElementById(id);if(!el)return;
el.addEventListener('toggle',function(e){if(e.newState==='open')load(id)});if(el.open)load(id)});
d.addEventListener('pointerdown',function(e){var b=e.target instanceof Element&&e.target.closest('[commandfor]'),id=b&&b.getAttribute('commandfor');if(id&&files[id])load(id)},true)})()`;
}

/** Renders the loader on the server; a page React runs starts its dialogs itself. */
export function IslandLoader({ nonce }: { nonce: string | undefined }) {
  const islands = useContext(IslandsContext);
  if (!islands) return null;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandLoaderSource(islands) }} />;
}
