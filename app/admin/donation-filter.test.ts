import { describe, expect, it } from 'vitest';
import { filterQuery, parseDonationFilter } from './donation-filter';

describe('parseDonationFilter', () => {
  it('reads every field of the form', () => {
    const { filter, errors } = parseDonationFilter(
      new URLSearchParams('q=Smith&from=2026-01-01&to=2026-03-31&min=25&max=$1,000.00&status=paid&sort=amount&dir=asc&page=3'),
    );
    expect(errors).toEqual({});
    expect(filter).toEqual({
      q: 'Smith',
      fromDate: '2026-01-01',
      toDate: '2026-03-31',
      minCents: 2500,
      maxCents: 100_000,
      status: 'paid',
      sort: 'amount',
      direction: 'asc',
      page: 3,
    });
  });

  it('leaves out what makes no sense and says why, never throwing', () => {
    const { filter, errors } = parseDonationFilter(new URLSearchParams('from=yesterday&to=2026-02-30x&min=abc&status=stolen&sort=drop table&page=-4'));
    expect(Object.keys(errors).sort()).toEqual(['from', 'min', 'status', 'to']);
    expect(filter).toEqual({ sort: 'date', direction: 'desc', page: 1 });
  });

  it('refuses a range that ends before it starts', () => {
    expect(parseDonationFilter(new URLSearchParams('from=2026-05-01&to=2026-04-01')).errors.to).toBe('The end date is before the start date.');
  });

  it('round-trips through the query string used by paging and the CSV link', () => {
    const { form } = parseDonationFilter(new URLSearchParams('q=a b&min=5&sort=amount'));
    expect(filterQuery(form, 2)).toBe('?q=a+b&min=5&sort=amount&page=2');
    expect(filterQuery(parseDonationFilter(new URLSearchParams('')).form)).toBe('');
  });
});
