import { z } from 'zod';
import type { FieldsParse } from '../../../common/api-errors';
import { parseFields } from '../../../common/api-errors';
import type { FormFields } from '../../../common/back-office';
import { foundationTimeToUtc } from '../../../common/dates';
import { parseAmountToCents } from '../../../common/money';
import type { RoundConfig } from '../../../common/scholarship';
import { ROUND_FORM_ROWS } from '../../../common/scholarship-rounds';
import { onceRead, optionalValue, present, requiredText } from '../back-office/form-fields';

/**
 * The admin's round form (issue 34): flat fields like `awards-2-amount` read into rows, empty rows
 * dropped, each error keyed by its field's name. Keys are kept when posted back, else made from the label.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KEY_MAX = 40;
const AWARD_MAX_CENTS = 100_000_000;

/** "Service to others!" → "service-to-others". */
export function keyFrom(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, KEY_MAX)
    .replace(/-+$/, '');
}

/** Posted keys that are well formed and not taken are kept (so an edit does not orphan answers); the rest come from labels. */
export function uniqueKeys(rows: { key: string; label: string }[]): string[] {
  const taken = new Set<string>();
  return rows.map(({ key, label }) => {
    const base = KEY.test(key) && key.length <= KEY_MAX ? key : keyFrom(label) || 'item';
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, KEY_MAX - 3)}-${n}`;
    taken.add(candidate);
    return candidate;
  });
}

const wholeNumber = (label: string, min: number, max: number) =>
  present(
    optionalValue((text) => (/^\d{1,6}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : null), `${label} must be a whole number from ${min} to ${max}.`),
    `${label} is required.`,
  );

const day = (label: string) =>
  present(
    optionalValue((text) => (DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text) ? text : null), `${label} must be a date.`),
    `${label} is required.`,
  );

const clockTime = (label: string) => present(optionalValue((text) => (TIME.test(text) ? text : null), `${label} must be a time, like 9:00 AM.`), `${label} is required.`);

const key = z.string();

const AwardRow = z.object({
  key,
  name: requiredText('The award’s name', 80),
  amount: present(
    optionalValue((text) => {
      const cents = parseAmountToCents(text);
      return cents === null || cents <= 0 || cents > AWARD_MAX_CENTS ? null : cents;
    }, 'The amount must be in dollars, more than 0 and at most 1,000,000, like 5,000.'),
    'The amount is required.',
  ),
});

const QuestionRow = z
  .object({
    key,
    question: requiredText('The question', 300),
    kind: z.enum(['yes', 'at-least'], { error: 'Choose the kind of answer.' }),
    threshold: optionalValue((text) => (/^\d{1,4}(\.\d{1,2})?$/.test(text) ? Number(text) : null), 'The threshold must be a number, like 3.0.'),
    requirement: requiredText('The requirement', 200),
  })
  .refine((q) => q.kind !== 'at-least' || q.threshold !== null, { path: ['threshold'], message: 'A number answer needs its lowest accepted value, like 3.0.' });

const PromptRow = z.object({ key, prompt: requiredText('The prompt', 500), maxWords: wholeNumber('The word limit', 10, 5000) });
const DocumentRow = z.object({ key, label: requiredText('The document’s name', 120) });
const CriterionRow = z.object({ key, label: requiredText('The criterion', 80), weight: wholeNumber('The weight', 1, 100) });

/** The columns whose text makes a row count; a row with none of them typed is left out. */
const COLUMNS = {
  awards: { all: ['key', 'name', 'amount'], typed: ['name', 'amount'] },
  questions: { all: ['key', 'question', 'kind', 'threshold', 'requirement'], typed: ['question', 'threshold', 'requirement'] },
  prompts: { all: ['key', 'prompt', 'maxWords'], typed: ['prompt', 'maxWords'] },
  documents: { all: ['key', 'label'], typed: ['label'] },
  rubric: { all: ['key', 'label', 'weight'], typed: ['label', 'weight'] },
} as const;

type ListName = keyof typeof COLUMNS;

function rowsOf(fields: FormFields, list: ListName): (Record<string, string> | null)[] {
  const { all, typed } = COLUMNS[list];
  return Array.from({ length: ROUND_FORM_ROWS[list] }, (_, i) => {
    const row = Object.fromEntries(all.map((column) => [column, (fields[`${list}-${i}-${column}`] ?? '').slice(0, 10_000)]));
    return typed.some((column) => row[column]!.trim() !== '') ? row : null;
  });
}

const rows = <T extends z.ZodType>(row: T, atLeastOne?: string) =>
  z
    .array(row.nullable())
    .transform((list) => list.filter((r): r is NonNullable<z.output<T>> => r !== null))
    .refine((list) => !atLeastOne || list.length > 0, atLeastOne ?? '');

const Moments = {
  opensDate: day('The opening date'),
  opensTime: clockTime('The opening time'),
  closesDate: day('The closing date'),
  closesTime: clockTime('The closing time'),
};

const instant = (date: string, time: string) => new Date(foundationTimeToUtc(date, time)).toISOString();

const RoundSchema = z
  .object({
    year: wholeNumber('The year', 2000, 2100),
    ...Moments,
    awards: rows(AwardRow, 'Give at least one award, with its name and amount.'),
    questions: rows(QuestionRow),
    prompts: rows(PromptRow),
    documents: rows(DocumentRow),
    rubric: rows(CriterionRow, 'Give at least one criterion to score, with its weight.'),
    reviewersPerApplication: wholeNumber('The number of reviewers', 1, 10),
    retentionMonths: wholeNumber('The retention time', 1, 120),
  })
  .refine((r) => instant(r.closesDate, r.closesTime) > instant(r.opensDate, r.opensTime), {
    path: ['closesDate'],
    message: 'The round must close after it opens.',
    when: onceRead('opensDate', 'opensTime', 'closesDate', 'closesTime'),
  })
  .transform((r) => ({ ...r, opensAt: instant(r.opensDate, r.opensTime), closesAt: instant(r.closesDate, r.closesTime) }));

/** Once an application is in, only these may change. */
const LockedRoundSchema = z.object({ closesDate: Moments.closesDate, closesTime: Moments.closesTime, reviewersPerApplication: wholeNumber('The number of reviewers', 1, 10) });

export interface RoundInput {
  year: number;
  opensAt: string;
  closesAt: string;
  config: RoundConfig;
}

const withKeys = <T extends { key: string }>(list: T[], labelOf: (row: T) => string): T[] => {
  const keys = uniqueKeys(list.map((row) => ({ key: row.key, label: labelOf(row) })));
  return list.map((row, i) => ({ ...row, key: keys[i]! }));
};

export function parseRoundForm(fields: FormFields): FieldsParse<RoundInput> {
  const input = {
    ...fields,
    awards: rowsOf(fields, 'awards'),
    questions: rowsOf(fields, 'questions'),
    prompts: rowsOf(fields, 'prompts'),
    documents: rowsOf(fields, 'documents'),
    rubric: rowsOf(fields, 'rubric'),
  };
  const parsed = parseFields(RoundSchema, input);
  if (!parsed.ok) return parsed;
  const r = parsed.data;
  return {
    ok: true,
    data: {
      year: r.year,
      opensAt: r.opensAt,
      closesAt: r.closesAt,
      config: {
        awards: withKeys(r.awards, (a) => a.name).map((a) => ({ key: a.key, name: a.name, amountCents: a.amount })),
        questions: withKeys(r.questions, (q) => q.question).map((q) => ({
          key: q.key,
          question: q.question,
          kind: q.kind,
          ...(q.kind === 'at-least' ? { threshold: q.threshold! } : {}),
          requirement: q.requirement,
        })),
        prompts: withKeys(r.prompts, (p) => p.prompt).map((p) => ({ key: p.key, prompt: p.prompt, maxWords: p.maxWords })),
        documents: withKeys(r.documents, (d) => d.label).map((d) => ({ key: d.key, label: d.label })),
        rubric: withKeys(r.rubric, (c) => c.label).map((c) => ({ key: c.key, label: c.label, weight: c.weight })),
        reviewersPerApplication: r.reviewersPerApplication,
        retentionMonths: r.retentionMonths,
      },
    },
  };
}

/** The closing moment and reviewers per application: all a round with submitted applications lets change. */
export function parseLockedRoundForm(fields: FormFields): FieldsParse<{ closesAt: string; reviewersPerApplication: number }> {
  const parsed = parseFields(LockedRoundSchema, fields);
  if (!parsed.ok) return parsed;
  return { ok: true, data: { closesAt: instant(parsed.data.closesDate, parsed.data.closesTime), reviewersPerApplication: parsed.data.reviewersPerApplication } };
}
