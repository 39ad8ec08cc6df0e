import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ISLANDS, type IslandFiles, type IslandId, type IslandsFiles } from '../../common/islands';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The way Vite documents for a server to name an entry's files. Fails at start-up if one is missing. */
export function islandFilesFromManifest(manifest: Record<string, ManifestChunk>, base = '/'): IslandsFiles {
  const filesOf = (source: string): IslandFiles => {
    const entry = manifest[source];
    if (!entry) throw new Error(`the browser build has no entry for ${source}: run npm run build`);
    const imported = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || imported.has(chunk.file)) return;
      imported.add(chunk.file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    for (const key of entry.imports ?? []) visit(key);
    return { modules: [`${base}${entry.file}`], preload: [...imported].map((file) => `${base}${file}`) };
  };
  return Object.fromEntries(Object.entries(ISLANDS).map(([id, source]) => [id, filesOf(source)])) as IslandsFiles;
}

export function readIslandFiles(clientDir: string): IslandsFiles {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return islandFilesFromManifest(manifest);
}

/** React Router's refresh runtime first: its modules need it. */
export function islandFilesForDevServer(): IslandsFiles {
  const files = (source: string): IslandFiles => ({ modules: ['/@id/__x00__virtual:react-router/inject-hmr-runtime', `/${source}`], preload: [] });
  return Object.fromEntries(Object.entries(ISLANDS).map(([id, source]) => [id as IslandId, files(source)])) as IslandsFiles;
}
