import { describe, expect, it } from 'vitest';
import { centsToDecimalString, formatCents, parseAmountToCents } from './money';

describe('parseAmountToCents', () => {
  it.each([
    ['20', 2000],
    ['20.00', 2000],
    ['$20.00', 2000],
    ['1,000.50', 100050],
    ['  $ 7.5 ', 750],
    ['0.01', 1],
  ])('reads %j as %i cents', (input, cents) => {
    expect(parseAmountToCents(input)).toBe(cents);
  });

  it.each(['', 'abc', '20.001', '-5', '1,00', '$', '20,00', '1e3', '20.', '<script>'])(
    'refuses %j',
    (input) => {
      expect(parseAmountToCents(input)).toBeNull();
    },
  );
});

describe('formatting', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(40000)).toBe('$400.00');
    expect(formatCents(1)).toBe('$0.01');
    expect(centsToDecimalString(2500)).toBe('25.00');
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(centsToDecimalString(123456)).toBe('1234.56');
  });
});
