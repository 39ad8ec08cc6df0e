import { describe, expect, it } from 'vitest';
import { formatRoundMoment } from '../../../common/scholarship-rounds';
import { purgeDueAt } from './retention';

describe('purgeDueAt', () => {
  it('counts calendar months, falling back to the month’s last day', () => {
    expect(purgeDueAt('2026-05-15T16:00:00.000Z', 12).toISOString()).toBe('2027-05-15T16:00:00.000Z');
    expect(purgeDueAt('2026-01-31T10:00:00.000Z', 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });
});

describe('formatRoundMoment', () => {
  it('says the moment in New York time with a.m. or p.m.', () => {
    expect(formatRoundMoment('2027-03-13T04:59:00.000Z')).toBe('Friday, March 12, 2027 at 11:59 p.m. ET');
    expect(formatRoundMoment('2027-07-01T13:05:00.000Z')).toBe('Thursday, July 1, 2027 at 9:05 a.m. ET');
  });
});
