import { describe, expect, it } from 'vitest';
import { renderFigures } from './figures-lib';

describe('renderFigures', () => {
  it('makes one section per file given, with the figures of each', () => {
    const page = renderFigures({
      results: {
        date: '2026-01-02',
        rows: [{ path: '/', percentOfCeiling: 98.5, targetPercent: 50 }],
        duringPayments: { rows: [{ path: '/', percentOfCeiling: 91.2 }] },
        surge: { total: { connections: 200, requestsPerSecond: 13000, p99Ms: 30, errors: 0 } },
      },
      fuzz: { date: '2026-01-03', databases: { sqlite: { requests: 10000, failures: [] } } },
    });
    expect(page).toMatch(/^# Figures\n/);
    expect(page).toContain('## Throughput (`npm run bench`, 2026-01-02)');
    expect(page).toMatch(/\/\s+98\.5%\s+91\.2%\s+≥ 50%/);
    expect(page).toContain('Surge: 200 connections, 13000 answers a second, p99 30 ms, 0 errors.');
    expect(page).toMatch(/sqlite\s+10000\s+0/);
    expect(page).not.toContain('Lighthouse');
  });

  it('shows a dash for a figure a file lacks, never "undefined"', () => {
    const page = renderFigures({ chaos: { runs: [{ db: 'postgres' }] } });
    expect(page).toContain('postgres');
    expect(page).not.toContain('undefined');
  });
});
