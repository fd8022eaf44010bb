import { describe, expect, it } from 'vitest';
import { addDays, addMonths } from './compliance';
import { dutchParts, dutchToday, formatDay } from './format';

describe('dutchToday', () => {
  it('is the calendar day in Amsterdam, across midnight, daylight-saving time and the new year', () => {
    // Winter (UTC+1): 22:59 UTC is still the same day, 23:00 UTC the next.
    expect(dutchToday(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(dutchToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    // Summer (UTC+2): 22:00 UTC is already the next day.
    expect(dutchToday(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(dutchToday(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
    // The night the clocks go forward (29 March 2026, 02:00 -> 03:00) and a leap day.
    expect(dutchToday(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(dutchToday(new Date('2028-02-28T23:00:00Z'))).toBe('2028-02-29');
  });

  it('is the day of dutchParts, whose hours run 0-23 in Dutch time', () => {
    expect(dutchParts(new Date('2026-12-31T23:00:00Z'))).toEqual({
      year: 2027,
      month: 1,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
    expect(dutchParts(new Date('2026-07-14T12:34:56Z'))).toMatchObject({ hour: 14, minute: 34, second: 56 });
  });

  it('gives the same answer on every call (one formatter, made once)', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(new Set(Array.from({ length: 50 }, () => dutchToday(now)))).toEqual(new Set(['2026-11-27']));
  });
});

describe('day arithmetic', () => {
  it('adds calendar days across months, years and a leap day, and back', () => {
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(formatDay('2026-11-27')).toBe('27-11-2026');
  });
});
