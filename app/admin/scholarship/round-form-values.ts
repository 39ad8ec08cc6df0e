import { formatCents } from '../../../common/money';
import { toFoundationLocalInput } from '../../../common/moment';
import type { RoundConfig } from '../../../common/scholarship';

/** A round (or the defaults) as the form's flat fields: `awards-0-name`, `opensDate`, … */
export function roundFormValues(round: RoundConfig & { year: number; opensAt?: string; closesAt?: string }): Record<string, string> {
  const values: Record<string, string> = {
    year: String(round.year),
    reviewersPerApplication: String(round.reviewersPerApplication),
    retentionMonths: String(round.retentionMonths),
  };
  const moment = (prefix: 'opens' | 'closes', instant: string | undefined, time: string) => {
    const local = instant ? toFoundationLocalInput(instant) : '';
    values[`${prefix}Date`] = local.slice(0, 10);
    values[`${prefix}Time`] = local ? local.slice(11, 16) : time;
  };
  moment('opens', round.opensAt, '09:00');
  moment('closes', round.closesAt, '23:59');
  const rows = (list: string, items: Record<string, string | number | undefined>[]) =>
    items.forEach((item, i) => {
      for (const [column, value] of Object.entries(item)) if (value !== undefined) values[`${list}-${i}-${column}`] = String(value);
    });
  rows('awards', round.awards.map((a) => ({ key: a.key, name: a.name, amount: formatCents(a.amountCents).replace(/^\$/, '').replace(/\.00$/, '') })));
  rows('questions', round.questions.map((q) => ({ key: q.key, question: q.question, kind: q.kind, threshold: q.threshold, requirement: q.requirement })));
  rows('prompts', round.prompts.map((p) => ({ key: p.key, prompt: p.prompt, maxWords: p.maxWords })));
  rows('documents', round.documents.map((d) => ({ key: d.key, label: d.label })));
  rows('rubric', round.rubric.map((c) => ({ key: c.key, label: c.label, weight: c.weight })));
  return values;
}
