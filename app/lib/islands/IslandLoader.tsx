import { createContext, useContext } from 'react';
import type { IslandsFiles } from '../../../common/islands';
import { InlineScript } from '../inline-script';

/** Null in the browser. */
const IslandsContext = createContext<IslandsFiles | null>(null);
export const IslandsProvider = IslandsContext.Provider;

/**
 * ADR 042: when an island's dialog opens (or its opener is pressed), fetch its files and import its
 * module; a failed load is retried at the next opening. Self-contained: its source is the inline script.
 */
export function loadIslands(d: Document, files: IslandsFiles): void {
  const started = new Set<string>();
  const load = (id: string) => {
    const island = files[id as keyof IslandsFiles];
    if (!island || started.has(id)) return;
    started.add(id);
    for (const href of island.preload) d.head.append(Object.assign(d.createElement('link'), { rel: 'modulepreload', href }));
    island.modules
      .reduce<Promise<unknown>>((previous, module) => previous.then(() => import(/* @vite-ignore */ module)), Promise.resolve())
      .catch(() => started.delete(id));
  };
  for (const id of Object.keys(files)) {
    const dialog = d.getElementById(id);
    dialog?.addEventListener('toggle', (event) => (event as ToggleEvent).newState === 'open' && load(id));
    if (dialog instanceof HTMLDialogElement && dialog.open) load(id);
  }
  d.addEventListener(
    'pointerdown',
    (event) => {
      const opener = event.target instanceof Element ? event.target.closest('[commandfor]') : null;
      if (opener) load(opener.getAttribute('commandfor') ?? '');
    },
    true,
  );
}

/** A page React runs starts its dialogs itself. */
export function IslandLoader() {
  const islands = useContext(IslandsContext);
  return islands ? <InlineScript run={loadIslands} data={islands} /> : null;
}
