import { DONATION_SORTS, type DonationFilter, type DonationSort } from '../../common/back-office';
import { parseAmountToCents } from '../../common/money';
import type { PaymentState } from '../../common/payments';

const STATUSES: readonly PaymentState[] = ['paid', 'partially_refunded', 'refunded', 'pending', 'failed', 'expired'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Without a cast. */
const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined => list.find((item) => item === value);

/** What the filter form shows back: the text as typed. */
export interface DonationFilterForm {
  q: string;
  from: string;
  to: string;
  min: string;
  max: string;
  status: string;
  sort: DonationSort;
  dir: 'asc' | 'desc';
}

/**
 * The donations page's query string → the filter, with a message for each value that makes no
 * sense (that value is then left out, never a server error). No zod: filterQuery runs in the browser.
 */
export function parseDonationFilter(params: URLSearchParams): { filter: DonationFilter; form: DonationFilterForm; errors: Record<string, string> } {
  const get = (name: string) => (params.get(name) ?? '').trim().slice(0, 200);
  const errors: Record<string, string> = {};
  const form: DonationFilterForm = {
    q: get('q').slice(0, 100),
    from: get('from'),
    to: get('to'),
    min: get('min'),
    max: get('max'),
    status: get('status'),
    sort: oneOf(DONATION_SORTS, get('sort')) ?? 'date',
    dir: get('dir') === 'asc' ? 'asc' : 'desc',
  };
  const filter: DonationFilter = { sort: form.sort, direction: form.dir };
  if (form.q) filter.q = form.q;
  for (const [key, field] of [
    ['from', 'fromDate'],
    ['to', 'toDate'],
  ] as const) {
    const value = form[key];
    if (!value) continue;
    if (DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) filter[field] = value;
    else errors[key] = 'Enter a date like 2026-12-31.';
  }
  if (filter.fromDate && filter.toDate && filter.fromDate > filter.toDate) errors.to = 'The end date is before the start date.';
  for (const [key, field] of [
    ['min', 'minCents'],
    ['max', 'maxCents'],
  ] as const) {
    const value = form[key];
    if (!value) continue;
    const cents = parseAmountToCents(value);
    if (cents === null) errors[key] = 'Enter an amount in dollars, like 25 or 25.00.';
    else filter[field] = cents;
  }
  const status = oneOf(STATUSES, form.status);
  if (status) filter.status = status;
  else if (form.status) errors.status = 'Choose a status from the list.';
  const page = Number(get('page') || '1');
  filter.page = Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
  return { filter, form, errors };
}

/** The same filter as a query string, for paging links and the CSV export. */
export function filterQuery(form: DonationFilterForm, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form))
    if (value && !(key === 'sort' && value === 'date') && !(key === 'dir' && value === 'desc')) params.set(key, value);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}
