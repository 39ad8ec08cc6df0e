import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_CONFIG } from '../../../common/scholarship';
import { keyFrom, parseLockedRoundForm, parseRoundForm, uniqueKeys } from './round-form';

/** The defaults as the form posts them (the back office fills the same fields). */
function defaultFields(): Record<string, string> {
  const c = DEFAULT_ROUND_CONFIG;
  const fields: Record<string, string> = { year: '2027', opensTime: '09:00', closesTime: '23:59', reviewersPerApplication: '2', retentionMonths: '12' };
  const rows = (list: string, items: object[]) =>
    items.forEach((item, i) => Object.entries(item).forEach(([column, value]) => value !== undefined && (fields[`${list}-${i}-${column}`] = String(value))));
  rows('awards', c.awards.map((a) => ({ key: a.key, name: a.name, amount: (a.amountCents / 100).toLocaleString('en-US') })));
  rows('questions', c.questions);
  rows('prompts', c.prompts);
  rows('documents', c.documents);
  rows('rubric', c.rubric);
  return fields;
}

const defaults = (overrides: Record<string, string> = {}) => ({
  ...defaultFields(),
  opensDate: '2027-01-04',
  closesDate: '2027-03-12',
  ...overrides,
});

describe('the round form', () => {
  it('reads the defaults back as they were, with the moments in New York time', () => {
    const parsed = parseRoundForm(defaults());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data.config).toEqual(DEFAULT_ROUND_CONFIG);
    // 9:00 a.m. EST is 14:00 UTC; 11:59 p.m. EST on March 12 is 04:59 UTC the next day.
    expect(parsed.data.opensAt).toBe('2027-01-04T14:00:00.000Z');
    expect(parsed.data.closesAt).toBe('2027-03-13T04:59:00.000Z');
  });

  it('ignores empty rows and makes keys of new rows from their labels', () => {
    const parsed = parseRoundForm(defaults({ 'documents-3-label': 'Proof of residence!', 'awards-2-name': '', 'awards-2-amount': '' }));
    expect(parsed.ok && parsed.data.config.documents.map((d) => d.key)).toEqual(['transcript', 'acceptance', 'fafsa', 'proof-of-residence']);
  });

  it('puts each error beside its field', () => {
    const parsed = parseRoundForm(
      defaults({ year: '27', closesDate: '2026-12-01', 'awards-1-amount': '-5', 'questions-3-threshold': '', 'prompts-0-maxWords': 'many', 'rubric-0-weight': '0', 'documents-0-label': '<script>x</script>'.repeat(20) }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      year: 'The year must be a whole number from 2000 to 2100.',
      'awards-1-amount': expect.stringContaining('more than 0'),
      'questions-3-threshold': expect.stringContaining('lowest accepted value'),
      'prompts-0-maxWords': 'The word limit must be a whole number from 10 to 5000.',
      'rubric-0-weight': 'The weight must be a whole number from 1 to 100.',
      'documents-0-label': 'The document’s name must be at most 120 characters.',
    });
  });

  it('refuses a round that closes before it opens, and one without awards', () => {
    const backwards = parseRoundForm(defaults({ closesDate: '2027-01-04', closesTime: '08:00' }));
    expect(!backwards.ok && backwards.errors.closesDate).toBe('The round must close after it opens.');
    const none = parseRoundForm(defaults({ 'awards-0-name': '', 'awards-0-amount': '', 'awards-1-name': '', 'awards-1-amount': '' }));
    expect(!none.ok && none.errors.awards).toContain('at least one award');
  });

  it('reads only the closing moment and reviewers once applications are in', () => {
    expect(parseLockedRoundForm({ closesDate: '2027-03-20', closesTime: '12:00', reviewersPerApplication: '3', year: 'ignored' })).toEqual({
      ok: true,
      data: { closesAt: '2027-03-20T16:00:00.000Z', reviewersPerApplication: 3 },
    });
  });
});

describe('keys', () => {
  it('keeps well-formed posted keys and makes the others unique from labels', () => {
    expect(keyFrom('  Service to Others! ')).toBe('service-to-others');
    expect(uniqueKeys([{ key: 'need', label: 'x' }, { key: '', label: 'Need' }, { key: 'Bad Key', label: 'Need' }])).toEqual(['need', 'need-2', 'need-3']);
    expect(uniqueKeys([{ key: '', label: '!!!' }])).toEqual(['item']);
  });
});
