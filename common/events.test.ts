import { describe, expect, it } from 'vitest';
import { formatEventDate, isKnownEventType, todayInFoundationZone } from './events';

describe('event helpers', () => {
  it('reads today in the Ohio Valley, not in UTC', () => {
    // 02:30 UTC on the 22nd is still the evening of the 21st in Ohio.
    expect(todayInFoundationZone(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
    expect(todayInFoundationZone(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-22');
  });

  it('formats a calendar date without a time-zone shift', () => {
    expect(formatEventDate('2027-06-19')).toBe('Saturday, June 19, 2027');
    expect(formatEventDate('2027-01-01')).toBe('Friday, January 1, 2027');
  });

  it('knows the three event types and nothing else', () => {
    expect(isKnownEventType('Golf Event')).toBe(true);
    expect(isKnownEventType('Gaming Event')).toBe(true);
    expect(isKnownEventType('Benefit Event')).toBe(true);
    expect(isKnownEventType('Bake Sale')).toBe(false);
  });
});
