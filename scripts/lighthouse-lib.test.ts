import { describe, expect, it } from 'vitest';
import { auditItems, describeAudit, failingAudits, type LhrLike, medianRun, score100 } from './lighthouse-lib';

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
