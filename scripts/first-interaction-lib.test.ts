import { describe, expect, it } from 'vitest';
import { formatMs, formatRange, goalsMet, medianTime, missingNotes, resultTable, type RunTimes, summarizeRuns, summarizeTimes } from './first-interaction-lib';

const run = (dialog: number | null, firstField: number | null, cardReady: number | null): RunTimes => ({ dialog, firstField, cardReady });

describe('medianTime', () => {
  it('is the middle time of an odd count, whatever the order', () => {
    expect(medianTime([40, 10, 30, 20, 50])).toBe(30);
  });
  it('is the mean of the two middle times of an even count', () => {
    expect(medianTime([10, 40, 20, 30])).toBe(25);
  });
  it('counts a run that never got there as slower than any time', () => {
    expect(medianTime([10, null, 20, 30, null])).toBe(30);
    expect(medianTime([null, 10, null, null, 20])).toBeNull();
  });
  it('is null when a middle time of an even count is "never"', () => {
    expect(medianTime([10, 20, null, null])).toBeNull();
    expect(medianTime([10, 20, 30, null])).toBe(25);
  });
  it('is null with no runs', () => {
    expect(medianTime([])).toBeNull();
  });
});

describe('summarizeTimes and summarizeRuns', () => {
  it('gives the median, the range of the known times and how many never came', () => {
    expect(summarizeTimes([12, null, 8, 30, 9])).toEqual({ median: 12, min: 8, max: 30, missing: 1, runs: 5 });
    expect(summarizeTimes([null, null])).toEqual({ median: null, min: null, max: null, missing: 2, runs: 2 });
  });
  it('summarizes each measure on its own', () => {
    const summary = summarizeRuns([run(20, 40, 1500), run(16, 38, null), run(18, 50, 1700)]);
    expect(summary.dialog).toEqual({ median: 18, min: 16, max: 20, missing: 0, runs: 3 });
    expect(summary.firstField.median).toBe(40);
    expect(summary.cardReady).toEqual({ median: 1700, min: 1500, max: 1700, missing: 1, runs: 3 });
  });
});

describe('goalsMet', () => {
  it('holds when the median is under the goal, not at it, and never for "never"', () => {
    expect(goalsMet(summarizeRuns([run(99, 100, 1999)]))).toEqual({ dialog: true, firstField: false, cardReady: true });
    expect(goalsMet(summarizeRuns([run(null, 20, 2500)]))).toEqual({ dialog: false, firstField: true, cardReady: false });
  });
});

describe('formatting', () => {
  it('shows whole milliseconds, and "never"', () => {
    expect(formatMs(16.6)).toBe('17');
    expect(formatMs(0)).toBe('0');
    expect(formatMs(null)).toBe('never');
  });
  it('shows the range with the runs that never got there', () => {
    expect(formatRange(summarizeTimes([16.4, 33.5]))).toBe('16–34');
    expect(formatRange(summarizeTimes([16, null, 20, null]))).toBe('16–20, 2× never');
    expect(formatRange(summarizeTimes([null]))).toBe('never');
  });
  it('prints one row per scenario with the medians, ranges and goals', () => {
    const table = resultTable([
      { name: 'Home', path: '/', button: 'Donate', summary: summarizeRuns([run(17, 25, 0), run(20, 30, 0), run(18, 28, 5)]) },
      { name: 'Event page', path: '/events/4', button: 'Sign up', summary: summarizeRuns([run(250, null, 2600)]) },
    ]);
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^scenario\s+path\s+press\s+dialog ms\s+min–max\s+first field ms\s+min–max\s+card form ms\s+min–max\s+dialog < 100\s+first field < 100\s+card form < 2000$/);
    expect(lines[2]?.split(/\s{2,}/)).toEqual(['Home', '/', 'Donate', '18', '17–20', '28', '25–30', '0', '0–5', 'yes', 'yes', 'yes']);
    expect(lines[3]?.split(/\s{2,}/)).toEqual(['Event page', '/events/4', 'Sign up', '250', '250–250', 'never', 'never', '2600', '2600–2600', 'no', 'no', 'no']);
  });
  it('notes every measure some runs never reached', () => {
    const row = { name: 'Event page', path: '/events/4', button: 'Sign up', summary: summarizeRuns([run(20, null, null), run(20, 30, null)]) };
    expect(missingNotes(row, 30_000)).toEqual([
      'Event page (/events/4): first field never came in 1 of 2 runs (within 30 s)',
      'Event page (/events/4): card form never came in 2 of 2 runs (within 30 s)',
    ]);
  });
});
