/**
 * `npm run lighthouse`: Lighthouse (the npm package, mobile preset, simulated throttling) in
 * Debian's Chromium against the production build served in-process on a temporary SQLite
 * database seeded with the sample content, on every public page (bench/public-routes.ts, the
 * list the benchmark uses too). Each page is audited five times (Lighthouse's variability guide:
 * the median of five runs halves the spread of one run); each category score and each
 * timing (first and largest contentful paint, total blocking time, layout shift, speed index) is
 * the median of the runs. Prints the tables, the pages and categories below 100 with the audits
 * that failed (from the run with the median score of that category); writes bench/lighthouse.json.
 *
 *   npm run lighthouse                            every public page, 5 runs each
 *   npm run lighthouse -- --runs 1                one run per page (or LIGHTHOUSE_RUNS=1)
 *   npm run lighthouse -- --only /,/events/4      only these pages, by path or name (or LIGHTHOUSE_ROUTES=…)
 *   npm run lighthouse -- --reports d             also write each page's full HTML and JSON report
 *                                                 (its median run by performance) into d/
 *
 * A smoke run: npm run lighthouse -- --runs 1 --only /,/login
 *
 * Exits 0 whatever the scores (a report, not a gate); 1 only when Lighthouse could not run or
 * could not load a page. Chromium, the server and the temporary folders are cleaned up on every
 * way out, Ctrl-C included.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import type { RunningServer } from '../server/server';
import { cleanUpOnInterrupt, startMeasuredSite } from './measured-site';
import { buildIfNeeded } from './build-if-needed.mjs';
import { BROWSER_UI_FEATURES_OFF, CHROMIUM_FLAGS, withDisabledFeatures } from './chromium-features';
import { publicPages, type PublicRoute, samplesFromSite, selectRoutes } from '../bench/public-routes';
import {
  belowPerfect,
  CATEGORIES,
  type CategoryId,
  describeAudit,
  failingAudits,
  type FailingAudit,
  formatMetric,
  type MetricLabel,
  METRICS,
  medianRun,
  score100,
  summarizeRuns,
} from './lighthouse-lib';
import { formatTable } from './weight-lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_FILE = path.join(ROOT, 'bench', 'lighthouse.json');
/** Whole milliseconds; layout shift to four decimals. */
const roundMetric = (label: MetricLabel, value: number | null) => (value === null ? null : label === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value));
const argOf = (name: string): string | undefined => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const RUNS = Math.max(1, Number(argOf('runs') ?? process.env.LIGHTHOUSE_RUNS ?? 5) || 1);
const ONLY = argOf('only') ?? process.env.LIGHTHOUSE_ROUTES;
const REPORTS_DIR = argOf('reports') ? path.resolve(argOf('reports') as string) : undefined;

interface PageResult {
  name: string;
  path: string;
  url: string;
  /** Median over the runs, per category. */
  scores: Record<CategoryId, number | null>;
  scoresOfEachRun: Record<CategoryId, (number | null)[]>;
  /** Median over the runs, per metric: milliseconds (CLS unitless), and as shown. */
  metrics: Record<MetricLabel, number | null>;
  metricsShown: Record<MetricLabel, string>;
  /** Per category below 100, the failed audits of the run with that category's median score. */
  failing: Partial<Record<CategoryId, FailingAudit[]>>;
  runWarnings: string[];
  /** Problems with the page load itself (failed or upgraded requests) in any run, not scores. */
  loadProblems: string[];
}

/** Requests that failed or were sent elsewhere than the plain-http test server (e.g. upgraded to https). */
function loadProblems(lhr: Result, origin: string): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url?: string; statusCode?: number; finished?: boolean }[] } | undefined;
  return (details?.items ?? [])
    .filter((item) => !item.url?.startsWith('data:'))
    .filter((item) => !item.url?.startsWith(origin) || (item.statusCode ?? 0) >= 400 || item.statusCode === -1 || item.finished === false)
    .map((item) => `${item.statusCode ?? '?'} ${item.url}`);
}

let server: RunningServer | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'foundation-lighthouse-'));
const chromeProfile = mkdtempSync(path.join(tmpdir(), 'foundation-lighthouse-chromium-'));

/** PIDs of Chromium processes still running with our profile (the browser and its helpers). */
function ourChromiumPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(chromeProfile)) pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}

let cleanedUp: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleanedUp ??= (async () => {
    try {
      chrome?.kill();
    } catch (error) {
      console.error('[lighthouse] could not stop Chromium:', error);
    }
    // chrome-launcher kills the browser's process group; anything of ours that survived goes now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const pid of ourChromiumPids()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await server?.shutdown('lighthouse done').catch((error: unknown) => console.error('[lighthouse] server shutdown:', error));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(chromeProfile, { recursive: true, force: true });
  })();
  return cleanedUp;
}
const { interrupted } = cleanUpOnInterrupt('lighthouse', cleanUp);

async function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  mkdirSync(chromeProfile, { recursive: true });
  return chromeLauncher.launch({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    // chrome-launcher's own flags, with its features switched off merged into ours (ADR 040).
    chromeFlags: withDisabledFeatures([...chromeLauncher.Launcher.defaultFlags(), '--headless=new', ...CHROMIUM_FLAGS], BROWSER_UI_FEATURES_OFF),
    ignoreDefaultFlags: true,
    userDataDir: chromeProfile,
    handleSIGINT: false, // our own handler also stops the server and removes the temp folders
    logLevel: 'silent',
  });
}

/**
 * One Lighthouse run. A run that fails to record the page (e.g. NO_NAVSTART, which Lighthouse itself
 * says to "run again") is retried in a freshly started Chromium, up to ATTEMPTS times in all.
 */
const ATTEMPTS = 3;
async function audit(url: string): Promise<{ lhr: Result; report: string | string[] }> {
  for (let attempt = 1; ; attempt += 1) {
    let runnerResult: Awaited<ReturnType<typeof lighthouse>>;
    let problem: string | undefined;
    try {
      runnerResult = await lighthouse(url, {
        port: chrome?.port,
        output: REPORTS_DIR ? ['html', 'json'] : 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const error = runnerResult?.lhr.runtimeError;
      problem = !runnerResult ? 'no result' : error ? `${error.code}: ${error.message}` : undefined;
    } catch (error) {
      if (interrupted()) throw error;
      problem = String(error);
    }
    if (runnerResult && !problem) return { lhr: runnerResult.lhr, report: runnerResult.report };
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse could not audit ${url} (${ATTEMPTS} attempts): ${problem}`);
    console.error(`[lighthouse] ${url}: ${problem}; retrying in a new Chromium (attempt ${attempt + 1}/${ATTEMPTS})`);
    chrome?.kill();
    chrome = await launchChromium();
  }
}

async function main(): Promise<PageResult[]> {
  // chrome-launcher leaves a failed spawn as an unhandled 'error' event: check the browser first.
  try {
    accessSync(CHROMIUM_LAUNCH.executablePath, constants.X_OK);
  } catch {
    throw new Error(`no Chromium at ${CHROMIUM_LAUNCH.executablePath} (apt-get install chromium, or set CHROMIUM_PATH)`);
  }
  await buildIfNeeded();
  // loadProblems() below would show any request that was upgraded or failed.
  server = await startMeasuredSite(dataDir);
  chrome = await launchChromium();

  const pages: PublicRoute[] = selectRoutes(publicPages(await samplesFromSite(server.url)), ONLY);

  // One request per page first, so the audits see a warm server (first SSR render, database and
  // content caches), as a deployed site is.
  for (const page of pages) await (await fetch(`${server.url}${page.path}`)).text();

  const results: PageResult[] = [];
  for (const page of pages) {
    const url = `${server.url}${page.path}`;
    const runnerResults: { lhr: Result; report: string | string[] }[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const started = Date.now();
      const { lhr, report } = await audit(url);
      const shown = CATEGORIES.map((id) => `${id} ${score100(lhr.categories[id]?.score) ?? '–'}`).join(', ');
      console.error(`[lighthouse] ${page.path}${RUNS > 1 ? ` run ${run}/${RUNS}` : ''}: ${shown} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      runnerResults.push({ lhr, report });
    }
    const summary = summarizeRuns(runnerResults, (r) => r.lhr);
    if (REPORTS_DIR) {
      const [html, json] = medianRun(runnerResults, (r) => score100(r.lhr.categories.performance?.score)).report as string[];
      const base = path.join(REPORTS_DIR, page.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(`${base}.report.html`, html ?? '');
      writeFileSync(`${base}.report.json`, json ?? '');
    }
    const failing: PageResult['failing'] = {};
    // Item URLs without the test server's origin (its port changes on every run).
    const local = (audit: FailingAudit): FailingAudit => (audit.items ? { ...audit, items: audit.items.map((item) => item.replaceAll(server?.url ?? '', '')) } : audit);
    for (const id of CATEGORIES) if (summary.scores[id] !== 100) failing[id] = failingAudits(summary.medianRunOf[id].lhr, id).map(local);
    const unique = (lists: string[][]) => [...new Set(lists.flat())];
    results.push({
      name: page.name,
      path: page.path,
      url,
      scores: summary.scores,
      scoresOfEachRun: summary.scoresOfEachRun,
      metrics: Object.fromEntries(METRICS.map(([, label]) => [label, roundMetric(label, summary.metrics[label])])) as Record<MetricLabel, number | null>,
      metricsShown: Object.fromEntries(METRICS.map(([, label]) => [label, formatMetric(label, summary.metrics[label])])) as Record<MetricLabel, string>,
      failing,
      runWarnings: unique(runnerResults.map((r) => r.lhr.runWarnings.map(String))),
      loadProblems: unique(runnerResults.map((r) => loadProblems(r.lhr, server?.url ?? ''))),
    });
    if (results.length === 1) {
      const { lhr } = runnerResults[0]!;
      environment = {
        lighthouseVersion: lhr.lighthouseVersion,
        userAgent: lhr.environment.hostUserAgent,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        formFactor: lhr.configSettings.formFactor,
        throttlingMethod: lhr.configSettings.throttlingMethod,
        throttling: lhr.configSettings.throttling,
      };
    }
  }
  return results;
}

let environment: Record<string, unknown> = {};
let exitCode = 0;
try {
  const results = await main();
  const show = (score: number | null) => (score === null ? '–' : String(score));
  console.log(
    `\nLighthouse ${String(environment.lighthouseVersion)}, ${String(environment.formFactor)} preset, ${String(environment.throttlingMethod)} throttling, ` +
      `${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page (CPU benchmark index ${String(environment.benchmarkIndex)})\n`,
  );
  console.log(
    formatTable(
      ['page', 'path', ...CATEGORIES],
      results.map((r) => [r.name, r.path, ...CATEGORIES.map((id) => show(r.scores[id]))]),
      (column) => column >= 2,
    ),
  );
  console.log('\nTimings (simulated mobile; FCP first and LCP largest contentful paint, TBT total blocking time, CLS layout shift, SI speed index)\n');
  console.log(
    formatTable(
      ['path', ...METRICS.map(([, label]) => label)],
      results.map((r) => [r.path, ...METRICS.map(([, label]) => r.metricsShown[label])]),
      (column) => column >= 1,
    ),
  );
  const below = belowPerfect(results);
  console.log(below.length === 0 ? '\nEvery page scores 100 in every category.' : `\nBelow 100 (${below.length} of ${results.length} pages):\n${below.map((line) => `  ${line}`).join('\n')}`);
  for (const r of results) {
    const belowIds = CATEGORIES.filter((id) => r.scores[id] !== 100);
    if (belowIds.length === 0 && r.loadProblems.length === 0 && r.runWarnings.length === 0) continue;
    console.log(`\n${r.name} (${r.path})`);
    for (const id of belowIds) {
      console.log(`  ${id} ${show(r.scores[id])}${RUNS > 1 ? ` (runs: ${r.scoresOfEachRun[id].map(show).join(', ')})` : ''}:`);
      const audits = r.failing[id] ?? [];
      if (audits.length === 0) console.log('    (no individual audit failed)');
      for (const audit of audits) {
        console.log(`    - ${describeAudit(audit)}`);
        // What the audit points at, for the audits that cost points (performance diagnostics: see the JSON).
        if (id !== 'performance' || audit.weight > 0) for (const item of audit.items ?? []) console.log(`        ${item}`);
      }
    }
    for (const problem of r.loadProblems) console.log(`  ! request problem: ${problem}`);
    for (const warning of r.runWarnings) console.log(`  ! Lighthouse warning: ${warning}`);
  }
  mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  writeFileSync(
    OUT_FILE,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), server: 'production build, NODE_ENV=production, in-process, http://127.0.0.1', runsPerPage: RUNS, aggregation: 'median of the runs, per category and per metric', ...environment, pages: results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${path.relative(ROOT, OUT_FILE)}`);
} catch (error) {
  if (!interrupted()) console.error('[lighthouse] could not run:', error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
