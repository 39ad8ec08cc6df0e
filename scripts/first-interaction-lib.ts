/**
 * Pure helpers of `npm run first-interaction` (scripts/first-interaction.ts): the three times of a
 * run, their median and range over the runs, the goals and the printed table.
 */
import { formatTable } from './weight-lib';

/** What a run times, each in milliseconds after the press (the button's `pointerdown`). */
export const MEASURES = ['dialog', 'firstField', 'cardReady'] as const;
export type Measure = (typeof MEASURES)[number];

/** One run's times; null when that thing did not happen within the run's time limit. */
export type RunTimes = Record<Measure, number | null>;

/** The goals: a native dialog and its first field within a frame or so, a ready card form within 2 s. */
export const GOALS_MS: Record<Measure, number> = { dialog: 100, firstField: 100, cardReady: 2000 };

export const MEASURE_LABELS: Record<Measure, string> = { dialog: 'dialog', firstField: 'first field', cardReady: 'card form' };

/**
 * The median of times where null means "never" (slower than any time), so a run in which the
 * dialog never opened cannot make the median look fast (lighthouse-lib's median() skips nulls,
 * right for scores that could not be computed, wrong for a wait that never ended). Null when the
 * middle falls on a "never"; of an even count, the mean of the two middle times.
 */
export function medianTime(values: (number | null)[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => (a ?? Infinity) - (b ?? Infinity));
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? null;
  if (sorted.length % 2 === 1) return upper;
  const lower = sorted[middle - 1] ?? null;
  return lower === null || upper === null ? null : (lower + upper) / 2;
}

export interface TimeSummary {
  median: number | null;
  /** Over the runs where it happened; null when it never did. */
  min: number | null;
  max: number | null;
  /** Runs where it never happened. */
  missing: number;
  runs: number;
}

export function summarizeTimes(values: (number | null)[]): TimeSummary {
  const known = values.filter((v): v is number => v !== null);
  return {
    median: medianTime(values),
    min: known.length > 0 ? Math.min(...known) : null,
    max: known.length > 0 ? Math.max(...known) : null,
    missing: values.length - known.length,
    runs: values.length,
  };
}

export type ScenarioSummary = Record<Measure, TimeSummary>;

/** Each measure over the runs of one scenario. */
export function summarizeRuns(runs: RunTimes[]): ScenarioSummary {
  return Object.fromEntries(MEASURES.map((m) => [m, summarizeTimes(runs.map((run) => run[m]))])) as ScenarioSummary;
}

/** Per measure, whether the median is under its goal (a median of "never" is not). */
export function goalsMet(summary: ScenarioSummary): Record<Measure, boolean> {
  return Object.fromEntries(MEASURES.map((m) => [m, summary[m].median !== null && summary[m].median < GOALS_MS[m]])) as Record<Measure, boolean>;
}

/** Whole milliseconds; "never" for a time that never came. */
export function formatMs(ms: number | null): string {
  return ms === null ? 'never' : String(Math.round(ms));
}

/** "31–45"; "31–45, 2× never" when some runs never got there; "never" when none did. */
export function formatRange(summary: TimeSummary): string {
  if (summary.min === null || summary.max === null) return 'never';
  const range = `${formatMs(summary.min)}–${formatMs(summary.max)}`;
  return summary.missing > 0 ? `${range}, ${summary.missing}× never` : range;
}

export interface ScenarioRow {
  name: string;
  path: string;
  /** The button pressed. */
  button: string;
  summary: ScenarioSummary;
}

/** The report's table: per scenario the median and range of each time, and each goal held or not. */
export function resultTable(rows: ScenarioRow[]): string {
  const header = [
    'scenario',
    'path',
    'press',
    ...MEASURES.flatMap((m) => [`${MEASURE_LABELS[m]} ms`, 'min–max']),
    ...MEASURES.map((m) => `${MEASURE_LABELS[m]} < ${GOALS_MS[m]}`),
  ];
  const body = rows.map(({ name, path, button, summary }) => {
    const met = goalsMet(summary);
    return [
      name,
      path,
      button,
      ...MEASURES.flatMap((m) => [formatMs(summary[m].median), formatRange(summary[m])]),
      ...MEASURES.map((m) => (met[m] ? 'yes' : 'no')),
    ];
  });
  return formatTable(header, body, (column) => column >= 3);
}

/** One line per measure that some runs never reached, for under the table. */
export function missingNotes(row: ScenarioRow, timeoutMs: number): string[] {
  return MEASURES.filter((m) => row.summary[m].missing > 0).map(
    (m) => `${row.name} (${row.path}): ${MEASURE_LABELS[m]} never came in ${row.summary[m].missing} of ${row.summary[m].runs} runs (within ${timeoutMs / 1000} s)`,
  );
}
