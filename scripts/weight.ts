/**
 * `npm run weight`: the JavaScript each public page makes a browser load, read from the production
 * build, gzipped at level 9. Prints a table, flags pages over budget and writes bench/weight.json.
 * A report, not a gate: it always exits 0 once the build could be read.
 *
 * The pages are the table of public pages (common/public-pages.ts), each with sample ids from the
 * sample content. A page that loads React (the table's `javascript`) counts the client entry and
 * its imports, the root route and the matched route with their imports (React Router's own
 * manifest, build/server/index.js `assets`), each file once; its budget is BUDGET_GZIP_BYTES. A
 * page that does not loads no script file on arrival (its budget is 0, which the e2e suite checks
 * in the browser); what its Donation Form's island fetches when opened is listed beside it
 * (Vite's manifest, as the server reads it). Not counted: the small inline scripts of the HTML.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { fillPath, PUBLIC_PAGES } from '../common/public-pages';
import { samplesFromContent } from '../bench/public-routes';
import { readIslandFiles } from '../server/http/island-files';
import { buildIfNeeded } from './build-if-needed.mjs';
import { type AssetsManifest, BUDGET_GZIP_BYTES, formatTable, initialAssets, kb, matchRouteIds, type ManifestRoute } from './weight-lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'build', 'client');
const OUT_FILE = path.join(ROOT, 'bench', 'weight.json');

interface ServerBuildShape {
  assets: AssetsManifest;
  routes: Record<string, ManifestRoute>;
  publicPath?: string;
  routeDiscovery?: { mode: string };
}

interface FileSize {
  file: string;
  raw: number;
  gzip: number;
}

const sizeCache = new Map<string, FileSize>();
function sizeOf(publicPath: string, url: string): FileSize {
  const cached = sizeCache.get(url);
  if (cached) return cached;
  const relative = url.startsWith(publicPath) ? url.slice(publicPath.length) : url.replace(/^\/+/, '');
  const file = path.join(CLIENT_DIR, relative);
  if (!existsSync(file)) throw new Error(`${url} is in the manifest but ${file} does not exist: is build/ complete?`);
  const bytes = readFileSync(file);
  const size = { file: url, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  sizeCache.set(url, size);
  return size;
}

const sum = (sizes: FileSize[], key: 'raw' | 'gzip') => sizes.reduce((total, size) => total + size[key], 0);

await buildIfNeeded();
const build = (await import(pathToFileURL(path.join(ROOT, 'build', 'server', 'index.js')).href)) as ServerBuildShape;
const publicPath = build.publicPath ?? '/';
const includeManifestModule = build.routeDiscovery?.mode !== 'lazy';
const island = readIslandFiles(CLIENT_DIR)['donation-form'];
const islandFiles = [...island.modules, ...island.preload].map((file) => sizeOf(publicPath, file));

// Every page of the table that renders one (not sitemap.xml or robots.txt), with ids that exist in the sample content.
const { eventNumber, galleryToken } = samplesFromContent(path.join(ROOT, 'content'));
const SAMPLE_VALUES = { eventNumber, token: galleryToken, signupId: 1, paymentId: 1, signature: 'sample', slug: 'sample' };
const pages = PUBLIC_PAGES.filter((page) => !/\.(xml|txt)$/.test(page.path)).map((page) => ({
  ...page,
  url: page.path === '*' ? '/no-such-page' : fillPath(page.path, SAMPLE_VALUES),
}));

const results = pages.map((page) => {
  const routeIds = matchRouteIds(build.routes, page.url);
  const assets = page.javascript ? initialAssets(build.assets, routeIds, includeManifestModule) : { js: [], css: [] };
  const js = assets.js.map((file) => sizeOf(publicPath, file));
  const gzip = sum(js, 'gzip');
  const budget = page.javascript ? BUDGET_GZIP_BYTES : 0;
  return {
    url: page.url,
    title: page.title,
    route: routeIds[routeIds.length - 1] ?? '(no match)',
    loadsReact: page.javascript,
    jsFiles: js.length,
    jsRawBytes: sum(js, 'raw'),
    jsGzipBytes: gzip,
    budgetGzipBytes: budget,
    /** What opening the Donation Form fetches on a page that loads no script (its island). */
    onDemandGzipBytes: page.javascript ? 0 : sum(islandFiles, 'gzip'),
    overBudget: gzip > budget,
    js: js.map((size) => size.file),
  };
});

console.log(`JavaScript per public page on arrival (gzip -9; 1 kB = 1000 bytes; budget ${kb(BUDGET_GZIP_BYTES)} kB gzip where React runs, 0 elsewhere)\n`);
console.log(
  formatTable(
    ['URL', 'page', 'React', 'JS files', 'JS raw kB', 'JS gzip kB', 'on demand kB', 'budget'],
    results.map((r) => [
      r.url,
      r.title,
      r.loadsReact ? 'yes' : 'no',
      String(r.jsFiles),
      kb(r.jsRawBytes),
      kb(r.jsGzipBytes),
      r.loadsReact ? '' : kb(r.onDemandGzipBytes),
      r.overBudget ? 'OVER BUDGET' : 'ok',
    ]),
    (column) => column >= 3 && column <= 6,
  ),
);

// Where the bytes are: every file any page loads, largest first, with how many pages load it.
const loadedBy = new Map<string, number>();
for (const r of results) for (const file of r.js) loadedBy.set(file, (loadedBy.get(file) ?? 0) + 1);
const files = [...loadedBy.keys()].map((file) => sizeOf(publicPath, file)).sort((a, b) => b.gzip - a.gzip);
console.log('\nFiles (largest first)\n');
console.log(
  formatTable(
    ['file', 'raw kB', 'gzip kB', 'loaded by'],
    files.map((f) => [f.file, kb(f.raw), kb(f.gzip), `${loadedBy.get(f.file)}/${results.length} pages`]),
    (column) => column === 1 || column === 2,
  ),
);
console.log(`\nThe Donation Form's island: ${islandFiles.length} files, ${kb(sum(islandFiles, 'gzip'))} kB gzip, fetched when the form is opened on a page without scripts.`);

const over = results.filter((r) => r.overBudget);
console.log(over.length === 0 ? '\nEvery page is within budget.' : `\n${over.length} page(s) over budget: ${over.map((r) => r.url).join(', ')}`);

mkdirSync(path.dirname(OUT_FILE), { recursive: true });
writeFileSync(
  OUT_FILE,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      buildVersion: (build.assets as { version?: string }).version,
      budgetGzipBytes: BUDGET_GZIP_BYTES,
      gzipLevel: 9,
      pages: results,
      island: { files: islandFiles, gzipBytes: sum(islandFiles, 'gzip') },
      files: files.map((f) => ({ ...f, loadedBy: loadedBy.get(f.file) })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWrote ${path.relative(ROOT, OUT_FILE)}`);
