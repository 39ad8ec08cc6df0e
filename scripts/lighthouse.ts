/**
 * `npm run lighthouse`: Lighthouse (the npm package, mobile preset, simulated throttling) in
 * Debian's Chromium against the production build served in-process on a temporary SQLite
 * database seeded with the sample content. Prints the four category scores per page and, for
 * every score under 100, the audits that failed; writes bench/lighthouse.json.
 *
 *   npm run lighthouse                 one run per page
 *   npm run lighthouse -- --runs 3     median of 3 runs per page (by performance score)
 *   npm run lighthouse -- --reports d  also write each page's full HTML and JSON report into d/
 *
 * Exits 0 whatever the scores (a report, not a gate); 1 only when Lighthouse could not run or
 * could not load a page. Chromium, the server and the temporary folders are cleaned up on every
 * way out, Ctrl-C included.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import { loadConfig } from '../server/config';
import { freePort } from './free-port';
import { type RunningServer, startServer } from '../server/server';
import { buildIfNeeded } from './build-if-needed.mjs';
import { CATEGORIES, type CategoryId, describeAudit, failingAudits, type FailingAudit, medianRun, score100 } from './lighthouse-lib';
import { formatTable } from './weight-lib';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_FILE = path.join(ROOT, 'bench', 'lighthouse.json');
const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Events', path: '/events' },
  { name: 'Event detail', path: '/events/6' },
  { name: 'Scholarship', path: '/scholarship' },
  { name: 'Gallery', path: '/gallery' },
];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

const runsArg = process.argv.indexOf('--runs');
const RUNS = Math.max(1, Number(runsArg >= 0 ? process.argv[runsArg + 1] : (process.env.LIGHTHOUSE_RUNS ?? 1)) || 1);
const reportsArg = process.argv.indexOf('--reports');
const REPORTS_DIR = reportsArg >= 0 && process.argv[reportsArg + 1] ? path.resolve(process.argv[reportsArg + 1] as string) : undefined;

interface PageResult {
  name: string;
  path: string;
  url: string;
  scores: Record<CategoryId, number | null>;
  metrics: Record<string, string | undefined>;
  failing: Partial<Record<CategoryId, FailingAudit[]>>;
  runWarnings: string[];
  /** Problems with the page load itself (failed or upgraded requests), not scores. */
  loadProblems: string[];
  performanceOfEachRun: (number | null)[];
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
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n[lighthouse] ${signal}: stopping Chromium and the server`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function launchChromium(): Promise<chromeLauncher.LaunchedChrome> {
  mkdirSync(chromeProfile, { recursive: true });
  return chromeLauncher.launch({
    chromePath: CHROMIUM_LAUNCH.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH.args],
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
      if (interrupted) throw error;
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
  buildIfNeeded();
  // Production settings, as deployed. Its CSP adds `upgrade-insecure-requests` and it sends HSTS;
  // neither affects this plain-http run: Chromium does not upgrade requests to a potentially
  // trustworthy origin such as http://127.0.0.1 and ignores HSTS received over http.
  // loadProblems() below would show any request that was upgraded or failed.
  const port = await freePort();
  server = await startServer(
    loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(36).toString('base64url'), // 48 characters
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ALLOW_SIMULATED_PAYMENTS: 'true', // no payment keys here; the audited pages take no payment
      MAIL_OUTBOX_IN_PRODUCTION: 'true', // nor a mail server; the audited pages send no mail
      DATA_DIR: dataDir,
      DATABASE_URL: path.join(dataDir, 'db.sqlite'),
      CONTENT_DIR: path.join(ROOT, 'content'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    }),
    { pages: 'build' },
  );
  chrome = await launchChromium();

  // One request per page first, so the audits see a warm server (first SSR render, database and
  // content caches), as a deployed site is.
  for (const page of PAGES) await (await fetch(`${server.url}${page.path}`)).text();

  const results: PageResult[] = [];
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    const runnerResults: { lhr: Result; report: string | string[] }[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const started = Date.now();
      const { lhr, report } = await audit(url);
      const perf = score100(lhr.categories.performance?.score);
      console.error(`[lighthouse] ${page.name} ${page.path}${RUNS > 1 ? ` run ${run}/${RUNS}` : ''}: performance ${perf} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      runnerResults.push({ lhr, report });
    }
    const lhrs = runnerResults.map((r) => r.lhr);
    const median = medianRun(runnerResults, (r) => score100(r.lhr.categories.performance?.score));
    const lhr = median.lhr;
    if (REPORTS_DIR) {
      const [html, json] = median.report as string[];
      const base = path.join(REPORTS_DIR, page.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
      mkdirSync(REPORTS_DIR, { recursive: true });
      writeFileSync(`${base}.report.html`, html ?? '');
      writeFileSync(`${base}.report.json`, json ?? '');
    }
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score100(lhr.categories[id]?.score)])) as Record<CategoryId, number | null>;
    const failing: PageResult['failing'] = {};
    // Item URLs without the test server's origin (its port changes on every run).
    const local = (audit: FailingAudit): FailingAudit => (audit.items ? { ...audit, items: audit.items.map((item) => item.replaceAll(server?.url ?? '', '')) } : audit);
    for (const id of CATEGORIES) if (scores[id] !== 100) failing[id] = failingAudits(lhr, id).map(local);
    results.push({
      name: page.name,
      path: page.path,
      url,
      scores,
      metrics: Object.fromEntries(METRICS.map(([id, label]) => [label, lhr.audits[id]?.displayValue])),
      failing,
      runWarnings: lhr.runWarnings.map(String),
      loadProblems: loadProblems(lhr, server.url),
      performanceOfEachRun: lhrs.map((l) => score100(l.categories.performance?.score)),
    });
    if (page === PAGES[0]) {
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
  console.log('\nPerformance metrics (simulated mobile)\n');
  console.log(
    formatTable(
      ['page', ...METRICS.map(([, label]) => label)],
      results.map((r) => [r.name, ...METRICS.map(([, label]) => r.metrics[label] ?? '–')]),
      (column) => column >= 1,
    ),
  );
  for (const r of results) {
    const below = CATEGORIES.filter((id) => r.scores[id] !== 100);
    if (below.length === 0 && r.loadProblems.length === 0) continue;
    console.log(`\n${r.name} (${r.path})`);
    for (const id of below) {
      console.log(`  ${id} ${show(r.scores[id])}:`);
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
    `${JSON.stringify({ generatedAt: new Date().toISOString(), server: 'production build, NODE_ENV=production, in-process, http://127.0.0.1', runsPerPage: RUNS, ...environment, pages: results }, null, 2)}\n`,
  );
  console.log(`\nWrote ${path.relative(ROOT, OUT_FILE)}`);
} catch (error) {
  if (!interrupted) console.error('[lighthouse] could not run:', error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
