import { afterEach, describe, expect, it } from 'vitest';
import {
  FOUNDATION_TIME_ZONE,
  formatCalendarDate,
  formatClockTime,
  formatDayOf,
  foundationTimeToUtc,
  parseCalendarDate,
  parseClockTime,
  todayInFoundationZone,
  yearInFoundationZone,
} from './dates';

const utcIso = (isoDate: string, time: string) => new Date(foundationTimeToUtc(isoDate, time)).toISOString();

describe('dates', () => {
  const hostZone = process.env.TZ;
  afterEach(() => {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  });

  it('keeps the foundation in New York’s zone', () => {
    expect(FOUNDATION_TIME_ZONE).toBe('America/New_York');
  });

  it('parses calendar dates and clock times strictly', () => {
    expect(parseCalendarDate('2027-06-19')).toEqual([2027, 6, 19]);
    expect(parseClockTime('09:30')).toEqual([9, 30]);
    expect(parseClockTime('13:05:00')).toEqual([13, 5]);
    expect(() => parseCalendarDate('11/22/2026')).toThrow(/YYYY-MM-DD/);
    expect(() => parseCalendarDate('2026-11-22T00:00:00Z')).toThrow(/YYYY-MM-DD/);
    expect(() => parseClockTime('1:05 PM')).toThrow(/HH:MM/);
  });

  it('formats calendar dates without shifting them, with or without the weekday', () => {
    expect(formatCalendarDate('1979-05-12')).toBe('May 12, 1979');
    expect(formatCalendarDate('2026-11-01')).toBe('November 1, 2026');
    expect(formatCalendarDate('2026-11-22', { weekday: true })).toBe('Sunday, November 22, 2026');
    expect(formatCalendarDate('2027-06-19', { weekday: true })).toBe('Saturday, June 19, 2027');
    expect(formatCalendarDate('2027-01-01', { weekday: true })).toBe('Friday, January 1, 2027');
    expect(formatCalendarDate('2027-01-01', { weekday: false })).toBe('January 1, 2027');
    expect(() => formatCalendarDate('11/22/2026')).toThrow(/YYYY-MM-DD/);
  });

  it('formats clock times on a 12-hour clock', () => {
    expect(formatClockTime('00:05')).toBe('12:05 AM');
    expect(formatClockTime('09:30')).toBe('9:30 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('13:05')).toBe('1:05 PM');
    expect(formatClockTime('18:30')).toBe('6:30 PM');
    expect(formatClockTime('23:59:00')).toBe('11:59 PM');
    expect(() => formatClockTime('6:30 PM')).toThrow(/HH:MM/);
  });

  it('shows an instant as its New York date, not the server’s', () => {
    // 02:30 UTC on the 23rd is still the evening of the 22nd in New York.
    expect(formatDayOf(new Date('2026-11-23T02:30:00Z'))).toBe('November 22, 2026');
    expect(formatDayOf('2026-11-23T02:30:00.000Z')).toBe('November 22, 2026');
    expect(formatDayOf('2026-11-22T18:04:05.000Z')).toBe('November 22, 2026');
    // In summer New York is UTC-4: 03:59 UTC is the day before, 04:00 UTC the day itself.
    expect(formatDayOf('2026-07-05T03:59:00Z')).toBe('July 4, 2026');
    expect(formatDayOf('2026-07-05T04:00:00Z')).toBe('July 5, 2026');
    expect(formatDayOf('not a date')).toBe('');
    expect(formatDayOf(new Date(Number.NaN))).toBe('');
  });

  it('reads today in the foundation’s zone, not in UTC', () => {
    // 02:30 UTC on the 22nd is still the evening of the 21st in New York.
    expect(todayInFoundationZone(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
    expect(todayInFoundationZone(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-22');
    expect(todayInFoundationZone(new Date('2027-01-01T04:59:59Z'))).toBe('2026-12-31');
    expect(todayInFoundationZone(new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
    expect(yearInFoundationZone(new Date('2027-01-01T04:59:59Z'))).toBe(2026);
    expect(yearInFoundationZone(new Date('2027-01-01T05:00:00Z'))).toBe(2027);
    expect(todayInFoundationZone(new Date('2026-07-04T03:59:00Z'))).toBe('2026-07-03');
    expect(todayInFoundationZone(new Date('2026-07-04T04:00:00Z'))).toBe('2026-07-04');
  });

  it('turns New York wall-clock time into UTC in both winter and summer time', () => {
    expect(utcIso('2026-11-22', '13:00')).toBe('2026-11-22T18:00:00.000Z');
    expect(utcIso('2026-07-04', '09:30')).toBe('2026-07-04T13:30:00.000Z');
    // The days the clocks change: the offset of the event's own hour counts, not midnight's.
    expect(utcIso('2026-03-08', '14:00')).toBe('2026-03-08T18:00:00.000Z');
    expect(utcIso('2026-11-01', '14:00')).toBe('2026-11-01T19:00:00.000Z');
    // Across midnight UTC and a year end.
    expect(utcIso('2026-12-31', '21:30')).toBe('2027-01-01T02:30:00.000Z');
  });

  it('resolves the hours around a change of clocks like Temporal’s "compatible" rule', () => {
    // Spring forward (2:00 → 3:00 on March 8, 2026): just before, the skipped hour, just after.
    expect(utcIso('2026-03-08', '01:59')).toBe('2026-03-08T06:59:00.000Z');
    expect(utcIso('2026-03-08', '02:30')).toBe('2026-03-08T07:30:00.000Z'); // = 3:30 AM EDT
    expect(utcIso('2026-03-08', '03:00')).toBe('2026-03-08T07:00:00.000Z');
    // Fall back (2:00 → 1:00 on November 1, 2026): 1:30 happens twice; the first (EDT) counts.
    expect(utcIso('2026-11-01', '00:59')).toBe('2026-11-01T04:59:00.000Z');
    expect(utcIso('2026-11-01', '01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(utcIso('2026-11-01', '02:00')).toBe('2026-11-01T07:00:00.000Z');
  });

  it('gives the same answers whatever the host’s own time zone', () => {
    const cases: Array<[string, string]> = [
      ['2026-11-22', '13:00'],
      ['2026-03-08', '02:30'],
      ['2026-11-01', '01:30'],
      // 2:00 AM on this day never happened in Lord Howe (its clocks went forward half an hour): a
      // conversion that goes through the host's zone lands 30 minutes off there.
      ['2024-10-06', '02:00'],
    ];
    process.env.TZ = 'UTC';
    const expected = cases.map(([date, time]) => utcIso(date, time));
    expect(expected).toEqual(['2026-11-22T18:00:00.000Z', '2026-03-08T07:30:00.000Z', '2026-11-01T05:30:00.000Z', '2024-10-06T06:00:00.000Z']);
    for (const zone of ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/Berlin', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      process.env.TZ = zone;
      expect({ zone, results: cases.map(([date, time]) => utcIso(date, time)) }).toEqual({ zone, results: expected });
      expect(todayInFoundationZone(new Date('2026-11-22T02:30:00Z'))).toBe('2026-11-21');
      expect(formatCalendarDate('2027-06-19', { weekday: true })).toBe('Saturday, June 19, 2027');
      expect(formatDayOf('2026-11-23T02:30:00Z')).toBe('November 22, 2026');
    }
  });
});
