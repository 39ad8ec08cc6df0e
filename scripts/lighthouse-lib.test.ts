import { describe, expect, it } from 'vitest';
import { auditItems, belowPerfect, describeAudit, failingAudits, formatMetric, type LhrLike, median, medianRun, score100, summarizeRuns } from './lighthouse-lib';

const audit = (id: string, score: number | null, scoreDisplayMode = 'binary', extra: object = {}) => ({ id, title: `Title of ${id}`, score, scoreDisplayMode, ...extra });

const lhr: LhrLike = {
  categories: {
    accessibility: {
      title: 'Accessibility',
      score: 0.94,
      auditRefs: [
        { id: 'target-size', weight: 7 },
        { id: 'color-contrast', weight: 7 },
        { id: 'label-content-name-mismatch', weight: 0 },
        { id: 'heading-order', weight: 3 },
        { id: 'aria-allowed-role', weight: 1 },
        { id: 'tabindex', weight: 7 },
        { id: 'broken', weight: 1 },
      ],
    },
    seo: { title: 'SEO', score: 1, auditRefs: [{ id: 'link-text', weight: 1 }] },
  },
  audits: {
    'target-size': audit('target-size', 0, 'binary', {
      details: { type: 'table', items: [{ node: { snippet: '<a href="tel:+1">' } }, { node: { snippet: '<a href="mailto:x">' } }] },
    }),
    'color-contrast': audit('color-contrast', 1),
    'label-content-name-mismatch': audit('label-content-name-mismatch', 0),
    'heading-order': audit('heading-order', 0),
    'aria-allowed-role': audit('aria-allowed-role', null, 'notApplicable'),
    tabindex: audit('tabindex', 0, 'informative'),
    broken: audit('broken', null, 'error', { errorMessage: 'gatherer crashed' }),
    'link-text': audit('link-text', 1),
  },
};

describe('failingAudits', () => {
  it('lists failed and errored audits, weighted first, never passed, informative or not-applicable ones', () => {
    const failing = failingAudits(lhr, 'accessibility');
    expect(failing.map((a) => a.id)).toEqual(['broken', 'target-size', 'heading-order', 'label-content-name-mismatch']);
    expect(failing[0]).toMatchObject({ score: null, error: 'gatherer crashed' });
    expect(failing[1]).toMatchObject({ weight: 7, items: ['<a href="tel:+1">', '<a href="mailto:x">'] });
  });

  it('returns nothing for a perfect or missing category', () => {
    expect(failingAudits(lhr, 'seo')).toEqual([]);
    expect(failingAudits(lhr, 'pwa')).toEqual([]);
  });
});

describe('auditItems', () => {
  it('reads nodes, URLs, links and sources, nested tables included, without repeats', () => {
    const details = {
      type: 'list',
      items: [
        { type: 'table', items: [{ node: { snippet: '<img src="/a.svg">' } }] },
        { type: 'table', items: [{ url: 'http://x/media/a.svg' }, { url: 'http://x/media/a.svg' }, { href: '/register', text: 'Click here' }, { source: { value: '[unattributed]' } }] },
      ],
    };
    expect(auditItems(details)).toEqual(['<img src="/a.svg">', 'http://x/media/a.svg', '/register "Click here"', '[unattributed]']);
    expect(auditItems(details, 2)).toHaveLength(2);
    const issues = { type: 'table', items: [{ issueType: 'Cookie', subItems: { type: 'subitems', items: [{ url: 'http://x/login' }] } }, { issueType: 'Heavy ads' }] };
    expect(auditItems(issues)).toEqual(['Cookie: http://x/login', 'Heavy ads']);
    expect(auditItems(undefined)).toEqual([]);
  });
});

describe('scores and runs', () => {
  it('turns 0–1 scores into 0–100', () => {
    expect(score100(0.925)).toBe(93);
    expect(score100(1)).toBe(100);
    expect(score100(null)).toBeNull();
  });

  it('picks the median run by performance', () => {
    expect(medianRun([{ p: 90 }, { p: 70 }, { p: 80 }], (r) => r.p)).toEqual({ p: 80 });
    expect(medianRun([{ p: 90 }], (r) => r.p)).toEqual({ p: 90 });
    expect(() => medianRun([], () => 0)).toThrow();
  });

  it('describes an audit on one line', () => {
    expect(describeAudit({ id: 'lcp', title: 'Largest Contentful Paint', score: 0.62, weight: 25, displayValue: '3.1 s' })).toBe(
      'Largest Contentful Paint — 3.1 s (score 0.62, weight 25)',
    );
    expect(describeAudit({ id: 'x', title: 'Forced reflow', score: 0, weight: 0 })).toBe('Forced reflow (score 0.00, diagnostic, weight 0)');
  });
});

describe('several runs of a page', () => {
  /** A run with the given 0–100 scores and timings (ms). */
  const run = (label: string, scores: Record<string, number | null>, timings: Record<string, number>): { label: string; lhr: LhrLike } => ({
    label,
    lhr: {
      categories: Object.fromEntries(Object.entries(scores).map(([id, score]) => [id, { title: id, score: score === null ? null : score / 100, auditRefs: [] }])),
      audits: Object.fromEntries(
        Object.entries(timings).map(([id, numericValue]) => [id, { id, title: id, score: 1, scoreDisplayMode: 'numeric', numericValue }]),
      ),
    },
  });
  const runs = [
    run('a', { performance: 91, accessibility: 100, 'best-practices': 100, seo: 92 }, { 'first-contentful-paint': 2600, 'largest-contentful-paint': 2900, 'total-blocking-time': 40 }),
    run('b', { performance: 97, accessibility: 100, 'best-practices': 96, seo: 100 }, { 'first-contentful-paint': 2400, 'largest-contentful-paint': 3100, 'total-blocking-time': 120 }),
    run('c', { performance: 94, accessibility: 100, 'best-practices': 100, seo: null }, { 'first-contentful-paint': 2500, 'largest-contentful-paint': 2700, 'total-blocking-time': 70 }),
  ];

  it('takes the median of each category and each timing on its own', () => {
    const summary = summarizeRuns(runs, (r) => r.lhr);
    expect(summary.scores).toEqual({ performance: 94, accessibility: 100, 'best-practices': 100, seo: 96 });
    expect(summary.scoresOfEachRun.performance).toEqual([91, 97, 94]);
    expect(summary.metrics).toEqual({ FCP: 2500, LCP: 2900, TBT: 70, CLS: null, SI: null });
  });

  it("keeps, per category, the run with that category's median score (for its failed audits)", () => {
    const summary = summarizeRuns(runs, (r) => r.lhr);
    expect(summary.medianRunOf.performance.label).toBe('c');
    expect(summary.medianRunOf['best-practices'].label).not.toBe('b');
    expect(summarizeRuns([runs[1]!], (r) => r.lhr).scores['best-practices']).toBe(96);
    expect(() => summarizeRuns([], (r: (typeof runs)[number]) => r.lhr)).toThrow();
  });

  it('computes medians of odd and even counts, ignoring missing values', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([90, 100])).toBe(95);
    expect(median([null, 7, undefined])).toBe(7);
    expect(median([null])).toBeNull();
  });

  it('shows paints in seconds, blocking time in milliseconds, layout shift unitless', () => {
    expect(formatMetric('FCP', 2549)).toBe('2.5 s');
    expect(formatMetric('TBT', 72.4)).toBe('72 ms');
    expect(formatMetric('CLS', 0.01234)).toBe('0.012');
    expect(formatMetric('LCP', null)).toBe('–');
  });

  it('names the pages and categories below 100', () => {
    const perfect = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
    expect(
      belowPerfect([
        { path: '/', scores: { ...perfect, performance: 92 } },
        { path: '/terms', scores: perfect },
        { path: '/events/4', scores: { ...perfect, performance: 88, seo: null } },
      ]),
    ).toEqual(['/ performance 92', '/events/4 performance 88, seo –']);
    expect(belowPerfect([{ path: '/', scores: perfect }])).toEqual([]);
  });
});
