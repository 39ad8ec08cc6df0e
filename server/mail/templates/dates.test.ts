import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatClockTime, formatDateInNewYork, newYorkTimeToUtc } from './dates';

describe('mail dates', () => {
  it('shows a moment as its New York date, not the server’s', () => {
    // 02:30 UTC on the 23rd is still the evening of the 22nd in New York.
    expect(formatDateInNewYork(new Date('2026-11-23T02:30:00Z'))).toBe('November 22, 2026');
  });

  it('formats calendar dates and clock times without shifting them', () => {
    expect(formatCalendarDate('2026-11-01')).toBe('November 1, 2026');
    expect(formatCalendarDate('2026-11-22', true)).toBe('Sunday, November 22, 2026');
    expect(formatClockTime('00:05')).toBe('12:05 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('18:30')).toBe('6:30 PM');
    expect(() => formatCalendarDate('11/22/2026')).toThrow(/YYYY-MM-DD/);
  });

  it('turns New York wall-clock time into UTC in both winter and summer time', () => {
    expect(new Date(newYorkTimeToUtc('2026-11-22', '13:00')).toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(new Date(newYorkTimeToUtc('2026-07-04', '09:30')).toISOString()).toBe('2026-07-04T13:30:00.000Z');
    // The days the clocks change: the offset of the event's own hour counts, not midnight's.
    expect(new Date(newYorkTimeToUtc('2026-03-08', '14:00')).toISOString()).toBe('2026-03-08T18:00:00.000Z');
    expect(new Date(newYorkTimeToUtc('2026-11-01', '14:00')).toISOString()).toBe('2026-11-01T19:00:00.000Z');
  });
});
