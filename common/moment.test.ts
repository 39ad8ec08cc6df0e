import { describe, expect, it } from 'vitest';
import { formatMoment } from './moment';

describe('formatMoment', () => {
  it('shows an instant on the foundation’s wall clock, whatever the host zone', () => {
    expect(formatMoment('2026-11-23T23:05:00Z')).toBe('Nov 23, 2026, 6:05 PM');
    expect(formatMoment('2026-07-01T03:30:00Z')).toBe('Jun 30, 2026, 11:30 PM');
    expect(formatMoment('not a date')).toBe('');
  });
});
