/**
 * Pure helpers of `npm run lighthouse` (scripts/lighthouse.ts): category scores and the audits
 * that keep a category below 100, taken from a Lighthouse result (LHR).
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** The parts of a Lighthouse result used here (structurally compatible with lighthouse's Result). */
export interface LhrLike {
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<
    string,
    | {
        id: string;
        title: string;
        score: number | null;
        scoreDisplayMode: string;
        displayValue?: string;
        errorMessage?: string;
        numericValue?: number;
        details?: unknown;
      }
    | undefined
  >;
}

export interface FailingAudit {
  id: string;
  title: string;
  /** 0–1, or null when the audit errored. */
  score: number | null;
  /** How much the audit counts in its category's score (0 = diagnostic only). */
  weight: number;
  displayValue?: string;
  error?: string;
  /** What the audit points at: elements (HTML snippet), URLs or links, the first few. */
  items?: string[];
}

/** Modes that never lower a score (Lighthouse shows them greyed out or not at all). */
const NOT_SCORED = new Set(['informative', 'notApplicable', 'manual']);

/** Category score as 0–100 (null when Lighthouse could not compute it). */
export function score100(score: number | null | undefined): number | null {
  return score === null || score === undefined ? null : Math.round(score * 100);
}

/**
 * The audits of one category that did not pass: score below 1 (or errored), excluding informative,
 * not-applicable and manual ones. Weighted audits first (they are what moves the score), then by score.
 */
export function failingAudits(lhr: LhrLike, categoryId: string): FailingAudit[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const failing: FailingAudit[] = [];
  const seen = new Set<string>();
  for (const ref of category.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || seen.has(ref.id) || NOT_SCORED.has(audit.scoreDisplayMode)) continue;
    seen.add(ref.id);
    const errored = audit.scoreDisplayMode === 'error';
    if (!errored && (audit.score === null || audit.score >= 1)) continue;
    failing.push({
      id: audit.id,
      title: audit.title,
      score: errored ? null : audit.score,
      weight: ref.weight,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...(errored ? { error: audit.errorMessage ?? 'audit error' } : {}),
      ...(auditItems(audit.details).length > 0 ? { items: auditItems(audit.details) } : {}),
    });
  }
  return failing.sort((a, b) => Number(b.weight > 0) - Number(a.weight > 0) || (a.score ?? -1) - (b.score ?? -1));
}

const MAX_ITEMS = 5;
const clip = (text: string, length = 140) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The first few things an audit's details point at, as one line each (nested tables included). */
export function auditItems(details: unknown, max = MAX_ITEMS): string[] {
  const lines: string[] = [];
  const visit = (value: unknown) => {
    if (lines.length >= max || typeof value !== 'object' || value === null) return;
    const item = value as Record<string, unknown>;
    if (Array.isArray(item.items)) {
      for (const child of item.items) visit(child);
      return;
    }
    const node = item.node as { snippet?: string; selector?: string } | undefined;
    const source = item.source as { url?: string; value?: string } | undefined;
    // inspector-issues: { issueType: 'Cookie', subItems: { items: [{ url }] } }
    const subUrls = ((item.subItems as { items?: { url?: unknown }[] } | undefined)?.items ?? []).map((sub) => sub.url).filter((url) => typeof url === 'string');
    const line =
      typeof item.issueType === 'string' ? clip(`${item.issueType}${subUrls.length > 0 ? `: ${subUrls.join(' ')}` : ''}`)
      : node?.snippet ? clip(node.snippet)
      : typeof item.url === 'string' ? clip(item.url)
      : typeof item.href === 'string' ? clip(`${item.href} "${String(item.text ?? '')}"`)
      : (source?.url ?? source?.value);
    if (line && !lines.includes(line)) lines.push(line);
  };
  visit(details);
  return lines;
}

/** The run to report out of several of the same page: the median by performance score. */
export function medianRun<T>(runs: T[], performance: (run: T) => number | null): T {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => (performance(a) ?? -1) - (performance(b) ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/** "Largest Contentful Paint — 3.1 s (score 0.62, weight 25)" */
export function describeAudit(audit: FailingAudit): string {
  const details = [
    audit.error ? `error: ${audit.error}` : `score ${audit.score?.toFixed(2)}`,
    audit.weight > 0 ? `weight ${audit.weight}` : 'diagnostic, weight 0',
  ];
  return `${audit.title}${audit.displayValue ? ` — ${audit.displayValue}` : ''} (${details.join(', ')})`;
}

/** The median of the known values (null when there is none); of an even count, the mean of the two middle ones. */
export function median(values: (number | null | undefined)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
}

/** The timings reported per page besides the scores: Lighthouse audit id and a short label. */
export const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;
export type MetricLabel = (typeof METRICS)[number][1];

/** "2.6 s", "70 ms", "0.012": paints in seconds, blocking time in milliseconds, layout shift unitless. */
export function formatMetric(label: MetricLabel, value: number | null): string {
  if (value === null) return '–';
  if (label === 'CLS') return String(Math.round(value * 1000) / 1000);
  if (label === 'TBT') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(1)} s`;
}

export interface RunsSummary<T> {
  /** Each category's median score over the runs (0–100). */
  scores: Record<CategoryId, number | null>;
  /** Each category's score in every run, in run order. */
  scoresOfEachRun: Record<CategoryId, (number | null)[]>;
  /** Each metric's median over the runs (milliseconds; CLS unitless). */
  metrics: Record<MetricLabel, number | null>;
  /** Per category, the run whose score is that category's median: its failing audits are the ones shown. */
  medianRunOf: Record<CategoryId, T>;
}

/** Several runs of one page, each category and metric taken at its own median. */
export function summarizeRuns<T>(runs: T[], lhrOf: (run: T) => LhrLike): RunsSummary<T> {
  if (runs.length === 0) throw new Error('no runs');
  const scoreOf = (run: T, id: CategoryId) => score100(lhrOf(run).categories[id]?.score);
  const byCategory = <V>(value: (id: CategoryId) => V) => Object.fromEntries(CATEGORIES.map((id) => [id, value(id)])) as Record<CategoryId, V>;
  return {
    scores: byCategory((id) => median(runs.map((run) => scoreOf(run, id)))),
    scoresOfEachRun: byCategory((id) => runs.map((run) => scoreOf(run, id))),
    metrics: Object.fromEntries(METRICS.map(([auditId, label]) => [label, median(runs.map((run) => lhrOf(run).audits[auditId]?.numericValue))])) as Record<
      MetricLabel,
      number | null
    >,
    medianRunOf: byCategory((id) => medianRun(runs, (run) => scoreOf(run, id))),
  };
}

/** "/events/4 performance 92, seo 98" for every page with a category below 100 (nothing when all are 100). */
export function belowPerfect(pages: { path: string; scores: Record<CategoryId, number | null> }[]): string[] {
  return pages.flatMap((page) => {
    const below = CATEGORIES.filter((id) => page.scores[id] !== 100);
    return below.length === 0 ? [] : [`${page.path} ${below.map((id) => `${id} ${page.scores[id] ?? '–'}`).join(', ')}`];
  });
}
