import { describe, expect, it } from 'vitest';
import { parseFields } from '../../common/api-errors';
import { GivingSettingsFormSchema } from './giving-settings';

const parse = (fields: Record<string, string>) => parseFields(GivingSettingsFormSchema, fields);
const RANGE = 'Enter an amount from $1.00 to $25,000.00, like 25 or 25.00.';

describe('the giving settings form', () => {
  it('reads the rows in order, dropping empty ones, with the monthly checkbox', () => {
    expect(parse({ 'amount-0': '$25', 'note-0': '  a week of groceries ', 'amount-2': '1,000.50', 'note-2': '', 'amount-5': '40', monthlyPreselected: 'on' })).toEqual({
      ok: true,
      data: {
        amounts: [
          { cents: 2500, note: 'a week of groceries' },
          { cents: 100050, note: '' },
          { cents: 4000, note: '' },
        ],
        monthlyPreselected: true,
      },
    });
    expect(parse({ 'amount-0': '10' })).toEqual({ ok: true, data: { amounts: [{ cents: 1000, note: '' }], monthlyPreselected: false } });
  });

  it('refuses an empty form, and a line without its amount', () => {
    expect(parse({})).toEqual({ ok: false, errors: { 'amount-0': 'Suggest at least one amount.' } });
    expect(parse({ 'amount-0': ' ', 'note-0': ' ' })).toEqual({ ok: false, errors: { 'amount-0': 'Suggest at least one amount.' } });
    expect(parse({ 'amount-0': '25', 'note-1': 'groceries' })).toEqual({ ok: false, errors: { 'amount-1': 'Enter an amount for this line, or clear the line too.' } });
  });

  it('refuses negative, zero, tiny, huge and non-numeric amounts, and the same amount twice', () => {
    for (const amount of ['-5', '0', '0.99', '25000.01', '9'.repeat(40), '1e3', '12.345', 'twenty', '<script>alert(1)</script>']) {
      expect(parse({ 'amount-0': amount }), amount).toEqual({ ok: false, errors: { 'amount-0': RANGE } });
    }
    expect(parse({ 'amount-0': '25', 'amount-1': '25.00' })).toEqual({ ok: false, errors: { 'amount-1': '$25.00 is already suggested above.' } });
  });

  it('refuses long lines, markup and control characters in a line', () => {
    expect(parse({ 'amount-0': '25', 'note-0': 'x'.repeat(81) })).toEqual({ ok: false, errors: { 'note-0': 'Keep the line to 80 characters or fewer.' } });
    expect(parse({ 'amount-0': '25', 'note-0': '<script>alert(1)</script>' })).toEqual({ ok: false, errors: { 'note-0': 'Use plain words: the line cannot contain < or >.' } });
    expect(parse({ 'amount-0': '25', 'note-0': 'a\u0000b' })).toEqual({ ok: false, errors: { 'note-0': 'The line contains invisible control characters; please retype it.' } });
    expect(parse({ 'amount-0': '25', 'note-0': 'x'.repeat(80) }).ok).toBe(true);
  });

  it('ignores fields it does not know, and reads a seventh row as nothing', () => {
    expect(parse({ 'amount-0': '25', 'amount-6': '70', role: 'admin' })).toEqual({ ok: true, data: { amounts: [{ cents: 2500, note: '' }], monthlyPreselected: false } });
  });
});
