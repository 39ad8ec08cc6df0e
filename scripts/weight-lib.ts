/**
 * Pure helpers of `npm run weight` (scripts/weight.ts): which route modules a URL matches in the
 * production build, and which JavaScript/CSS files a browser loads initially for it.
 */
import { matchRoutes, type RouteObject } from 'react-router';

/** One route of the build's `assets.routes` (only the fields used here). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  /** False for resource routes (sitemap.xml, robots.txt…): they render no page and load no JS. */
  hasDefaultExport?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

/** The `assets` export of build/server/index.js (only the fields used here). */
export interface AssetsManifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
  /** The full route manifest module, loaded by the browser only when route discovery is not lazy. */
  url?: string;
}

type RouteShape = Pick<ManifestRoute, 'id' | 'parentId' | 'path' | 'index' | 'caseSensitive' | 'hasDefaultExport'>;

/** The build's flat route table as the nested route objects `matchRoutes` expects. */
export function routeTree(routes: Record<string, RouteShape>): RouteObject[] {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route) => route.parentId === parentId)
      .map((route): RouteObject =>
        route.index
          ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: children(route.id) },
      );
  return children(undefined);
}

/** Route ids matched by a URL path, outermost (root) first; empty when nothing matches. */
export function matchRouteIds(routes: Record<string, RouteShape>, urlPath: string): string[] {
  return (matchRoutes(routeTree(routes), urlPath) ?? []).map((match) => match.route.id).filter((id): id is string => id !== undefined);
}

export interface InitialAssets {
  js: string[];
  css: string[];
}

/**
 * What the server-rendered HTML makes the browser load before hydration: the client entry and its
 * imports, then every matched route's module and imports (root first), each file once. With
 * `includeManifestModule` (route discovery mode "initial") the full manifest module is added too;
 * in the default lazy mode the HTML inlines the part of the manifest it needs instead.
 */
export function initialAssets(assets: AssetsManifest, routeIds: string[], includeManifestModule = false): InitialAssets {
  const js = new Set<string>([assets.entry.module, ...assets.entry.imports]);
  const css = new Set<string>(assets.entry.css ?? []);
  for (const id of routeIds) {
    const route = assets.routes[id];
    if (!route) throw new Error(`route "${id}" is not in the build's assets manifest`);
    for (const file of [route.module, ...(route.imports ?? [])]) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  if (includeManifestModule && assets.url) js.add(assets.url);
  return { js: [...js], css: [...css] };
}

/**
 * Page routes of the build that none of `urlPaths` reaches (the root, splat and resource routes
 * excepted), so a page added to app/routes.ts is never silently left out of the report.
 */
export function uncoveredRoutes(routes: Record<string, RouteShape>, urlPaths: string[]): RouteShape[] {
  const covered = new Set(urlPaths.flatMap((urlPath) => matchRouteIds(routes, urlPath)));
  return Object.values(routes).filter(
    (route) => route.parentId !== undefined && route.hasDefaultExport !== false && !covered.has(route.id) && !route.path?.includes('*'),
  );
}

/** A URL path for a route without dynamic segments (its own path joined to its parents'), else undefined. */
export function staticUrlPath(routes: Record<string, RouteShape>, id: string): string | undefined {
  const segments: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) segments.unshift(route.path.replace(/^\/+|\/+$/g, ''));
  }
  const joined = `/${segments.filter(Boolean).join('/')}`;
  return /[:*]/.test(joined) ? undefined : joined;
}

/** ADR 042: a page that hydrates loads at most this much JavaScript (gzip); a content page loads none. */
export const BUDGET_GZIP_BYTES = 150_000;

/** Bytes as kB (1 kB = 1000 bytes, the unit Chrome DevTools and Lighthouse use), one decimal. */
export function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

/** A plain-text table with left-aligned first columns and right-aligned numeric ones. */
export function formatTable(header: string[], rows: string[][], rightAligned: (column: number) => boolean): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (rightAligned(column) ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
