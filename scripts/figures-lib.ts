import { formatTable } from './weight-lib';

/*
 * docs/figures.md, made from the bench/*.json files the measuring scripts write: the one page
 * where figures are read, so no README, ADR or comment has to carry them.
 */

type Json = Record<string, unknown>;
export type FigureInputs = Partial<Record<'results' | 'weight' | 'lighthouse' | 'firstInteraction' | 'fuzz' | 'chaos', unknown>>;

const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string => (value === undefined || value === null ? '–' : String(value));
const table = (head: string[], rows: string[][]) => ['```', formatTable(head, rows, () => false), '```'].join('\n');

function throughput(results: Json): string[] {
  const during = new Map(list(obj(results.duringPayments).rows).map((row) => [row.path, row.percentOfCeiling]));
  const rows = list(results.rows).map((row) => [text(row.path), `${text(row.percentOfCeiling)}%`, during.size ? `${text(during.get(row.path))}%` : '–', `≥ ${text(row.targetPercent)}%`]);
  const surge = obj(obj(results.surge).total);
  return [
    `## Throughput (\`npm run bench\`, ${text(results.date)})`,
    '',
    'Requests a second as a share of a bare `node:http` server sending the same bytes, alone and while gifts and sign-ups arrive.',
    '',
    table(['route', '% of ceiling', 'during payments', 'target'], rows),
    '',
    `Surge: ${text(surge.connections)} connections, ${text(surge.requestsPerSecond)} answers a second, p99 ${text(surge.p99Ms)} ms, ${text(surge.errors)} errors.`,
  ];
}

function weight(data: Json): string[] {
  const rows = list(data.pages).map((page) => [text(page.route), (Number(page.jsGzipBytes) / 1000).toFixed(1), page.loadsReact ? `${Number(page.budgetGzipBytes) / 1000}` : '0']);
  return [`## JavaScript on arrival (\`npm run weight\`, ${text(data.generatedAt)})`, '', table(['page', 'kB gzip', 'budget kB'], rows)];
}

function lighthouse(data: Json): string[] {
  const rows = list(data.pages).map((page) => {
    const scores = obj(page.scores);
    return [text(page.path), text(scores.performance), text(scores.accessibility), text(scores['best-practices']), text(scores.seo)];
  });
  return [`## Lighthouse, mobile (\`npm run lighthouse\`, ${text(data.generatedAt)})`, '', table(['page', 'performance', 'accessibility', 'best practices', 'SEO'], rows)];
}

function firstInteraction(data: Json): string[] {
  const goals = obj(data.goalsMs);
  const rows = list(data.scenarios).map((scenario) => {
    const medians = obj(scenario.medians);
    return [text(scenario.name), text(medians.dialog), text(medians.firstField), text(medians.cardReady)];
  });
  return [
    `## First interaction on a slow phone (\`npm run first-interaction\`, ${text(data.generatedAt)})`,
    '',
    `Medians in ms; goals ${text(goals.dialog)}, ${text(goals.firstField)} and ${text(goals.cardReady)} ms.`,
    '',
    table(['scenario', 'dialog', 'first field', 'card ready'], rows),
  ];
}

function fuzz(data: Json): string[] {
  const rows = Object.entries(obj(data.databases)).map(([db, run]) => [db, text(obj(run).requests), text(list(obj(run).failures).length)]);
  return [`## Fuzzing (\`npm run fuzz\`, ${text(data.date)})`, '', table(['database', 'requests', 'failures (5xx, resets, stack traces)'], rows)];
}

function chaos(data: Json): string[] {
  const rows = list(data.runs).map((run) => [text(run.db), text(run.paymentsAttempted), text(run.kills), text(run.lost), text(run.doubled), text(run.overCapacityEvents)]);
  return [`## Payments under kill -9 (\`npm run chaos\`, ${text(data.date)})`, '', table(['database', 'payments', 'kills', 'lost', 'doubled', 'events over capacity'], rows)];
}

export function renderFigures(inputs: FigureInputs): string {
  const sections: [unknown, (data: Json) => string[]][] = [
    [inputs.results, throughput],
    [inputs.weight, weight],
    [inputs.lighthouse, lighthouse],
    [inputs.firstInteraction, firstInteraction],
    [inputs.fuzz, fuzz],
    [inputs.chaos, chaos],
  ];
  const parts = sections.filter(([data]) => data !== undefined).map(([data, render]) => render(obj(data)).join('\n'));
  return ['# Figures', '', 'Made by `npm run figures` from `bench/*.json`; run the script named in each heading to measure again.', '', parts.join('\n\n'), ''].join('\n');
}
