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
    const line =
      node?.snippet ? clip(node.snippet)
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
