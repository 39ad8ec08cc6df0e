/**
 * `npm run weight`: the JavaScript each public URL makes a browser load initially, read from the
 * production build's own route manifest (build/server/index.js `assets`), gzipped at level 9.
 * Prints a table, flags routes over the 100 kB gzip budget (issue 3) and writes bench/weight.json.
 * A report, not a gate: it always exits 0 once the build could be read.
 *
 * Counted per URL: the client entry and its imports, the root route and the matched route (found
 * with react-router's matchRoutes over the build's routes) with their imports, each file once.
 * Not counted: the small inline scripts of the HTML (hydration data, the lazy route manifest).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { publicPages, samplesFromContent } from '../bench/public-routes';
import { buildIfNeeded } from './build-if-needed.mjs';
import {
  type AssetsManifest,
  BUDGET_GZIP_BYTES,
  formatTable,
  initialAssets,
  kb,
  matchRouteIds,
  type ManifestRoute,
  staticUrlPath,
  uncoveredRoutes,
} from './weight-lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'build', 'client');
const OUT_FILE = path.join(ROOT, 'bench', 'weight.json');

interface ServerBuildShape {
  assets: AssetsManifest;
  routes: Record<string, ManifestRoute>;
  publicPath?: string;
  routeDiscovery?: { mode: string };
}

// Every public page (bench/public-routes.ts, shared with the benchmark and Lighthouse; the event
// and album ids from the sample content, so the printed URLs exist), plus the signed-in dashboard,
// the log-out page and a page that does not exist, which load the site's JavaScript too.
const PUBLIC_URLS = [...publicPages(samplesFromContent(path.join(ROOT, 'content'))).map((page) => page.path), '/dashboard', '/logout', '/no-such-page'];

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

// Pages added to app/routes.ts without a URL above: static ones are measured too, dynamic ones named.
// (The client manifest, not the server routes, says which routes are resource routes.)
const urls = [...PUBLIC_URLS];
for (const route of uncoveredRoutes(build.assets.routes, urls)) {
  const urlPath = staticUrlPath(build.assets.routes, route.id);
  if (urlPath) urls.push(urlPath);
  else console.warn(`[weight] route ${route.id} (${route.path}) has dynamic segments and no sample URL in scripts/weight.ts: not measured`);
}

const results = urls.map((url) => {
  const routeIds = matchRouteIds(build.routes, url);
  const assets = initialAssets(build.assets, routeIds, includeManifestModule);
  const js = assets.js.map((file) => sizeOf(publicPath, file));
  const css = assets.css.map((file) => sizeOf(publicPath, file));
  const gzip = sum(js, 'gzip');
  return {
    url,
    route: routeIds[routeIds.length - 1] ?? '(no match)',
    jsFiles: js.length,
    jsRawBytes: sum(js, 'raw'),
    jsGzipBytes: gzip,
    cssFiles: css.length,
    cssRawBytes: sum(css, 'raw'),
    cssGzipBytes: sum(css, 'gzip'),
    overBudget: gzip > BUDGET_GZIP_BYTES,
    js: js.map((size) => size.file),
    css: css.map((size) => size.file),
  };
});

console.log(`Initial JavaScript per public URL (gzip -9; 1 kB = 1000 bytes; budget ${kb(BUDGET_GZIP_BYTES)} kB gzip)\n`);
console.log(
  formatTable(
    ['URL', 'route', 'JS files', 'JS raw kB', 'JS gzip kB', 'CSS gzip kB', 'budget'],
    results.map((r) => [r.url, r.route, String(r.jsFiles), kb(r.jsRawBytes), kb(r.jsGzipBytes), kb(r.cssGzipBytes), r.overBudget ? 'OVER BUDGET' : 'ok']),
    (column) => column >= 2 && column <= 5,
  ),
);

// Where the bytes are: every file any route loads, largest first, with how many URLs load it.
const loadedBy = new Map<string, number>();
for (const r of results) for (const file of [...r.js, ...r.css]) loadedBy.set(file, (loadedBy.get(file) ?? 0) + 1);
const files = [...loadedBy.keys()].map((file) => sizeOf(publicPath, file)).sort((a, b) => b.gzip - a.gzip);
console.log('\nFiles (largest first)\n');
console.log(
  formatTable(
    ['file', 'raw kB', 'gzip kB', 'loaded by'],
    files.map((f) => [f.file, kb(f.raw), kb(f.gzip), `${loadedBy.get(f.file)}/${results.length} URLs`]),
    (column) => column === 1 || column === 2,
  ),
);

const over = results.filter((r) => r.overBudget);
console.log(over.length === 0 ? '\nEvery route is within budget.' : `\n${over.length} route(s) over budget: ${over.map((r) => r.url).join(', ')}`);

mkdirSync(path.dirname(OUT_FILE), { recursive: true });
writeFileSync(
  OUT_FILE,
  `${JSON.stringify(
    {
      generatedAt: new Date().toISOString(),
      buildVersion: (build.assets as { version?: string }).version,
      budgetGzipBytes: BUDGET_GZIP_BYTES,
      gzipLevel: 9,
      routes: results,
      files: files.map((f) => ({ ...f, loadedBy: loadedBy.get(f.file) })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWrote ${path.relative(ROOT, OUT_FILE)}`);
