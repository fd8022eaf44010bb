import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from './compliance';
import { dutchOffsetMs, dutchParts, dutchToday, formatDate, formatDateTime, formatDay } from './format';
import { maxManufactureYear } from './machines';

/** Intl's Europe/Amsterdam, the reference the hand-written conversion must equal. */
const intlParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const intlDutch = (d: Date) => {
  const p: Record<string, number> = {};
  for (const part of intlParts.formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
};
const nlDateTime = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The device's zone must not matter: these blocks run with the process in `zone` (Node applies a
 * changed TZ at once) and check that it really is the zone's offset on 1 January.
 */
function inZone(zone: string, offsetOnNewYear: number) {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(offsetOnNewYear);
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}

const ZONES = [
  ['UTC', 0],
  ['America/New_York', 300],
  ['Europe/Amsterdam', -60],
  ['Asia/Tokyo', -540],
] as const;

describe.each(ZONES)('Dutch time with the device in %s', (zone, offset) => {
  inZone(zone, offset);

  it('is this zone inside the test', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(offset);
  });

  it('switches to summer time on the last Sunday of March at 01:00 UTC (02:00 -> 03:00)', () => {
    expect(formatDateTime('2026-03-29T00:59:59Z')).toBe('29-03-2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29-03-2026 03:00');
    expect(formatDateTime('2026-03-29T02:00:00Z')).toBe('29-03-2026 04:00');
    expect(formatDateTime('2026-03-28T22:59:00Z')).toBe('28-03-2026 23:59');
    expect(formatDateTime('2026-03-28T23:00:00Z')).toBe('29-03-2026 00:00');
  });

  it('switches back on the last Sunday of October at 01:00 UTC (03:00 -> 02:00)', () => {
    expect(formatDateTime('2026-10-25T00:59:59Z')).toBe('25-10-2026 02:59');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25-10-2026 02:00');
    expect(formatDateTime('2026-10-25T02:00:00Z')).toBe('25-10-2026 03:00');
    expect(formatDateTime('2026-10-24T21:59:00Z')).toBe('24-10-2026 23:59');
    expect(formatDateTime('2026-10-24T22:00:00Z')).toBe('25-10-2026 00:00');
  });

  it("crosses midnight and new year's eve in Dutch time", () => {
    expect(formatDateTime('2026-12-31T22:59:00Z')).toBe('31-12-2026 23:59');
    expect(formatDateTime('2026-12-31T23:00:00Z')).toBe('01-01-2027 00:00');
    expect(formatDate('2026-12-31T23:00:00Z')).toBe('01-01-2027');
    expect(dutchToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(formatDate(new Date('2026-07-14T21:59:59Z'))).toBe('14-07-2026');
    expect(formatDate(new Date('2026-07-14T22:00:00Z'))).toBe('15-07-2026');
    // The mail's "Reactie vóór" of a winter deadline: 16:00 in the Netherlands, 15:00 UTC.
    expect(formatDateTime('2026-12-03T15:00:00.000Z')).toBe('03-12-2026 16:00');
  });

  it('knows the leap day', () => {
    expect(formatDateTime('2028-02-28T23:00:00Z')).toBe('29-02-2028 00:00');
    expect(formatDateTime('2028-02-29T22:59:00Z')).toBe('29-02-2028 23:59');
    expect(formatDateTime('2028-02-29T23:00:00Z')).toBe('01-03-2028 00:00');
    expect(dutchToday(new Date('2028-02-28T23:00:00Z'))).toBe('2028-02-29');
  });

  it('shows a calendar day without a time as it is, never a day earlier or later', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2026-12-31', '2027-01-01', '2028-02-29']) {
      expect(formatDate(day)).toBe(day.split('-').reverse().join('-'));
    }
  });

  it("counts next year's manufacture year from the Dutch year", () => {
    expect(maxManufactureYear(new Date('2026-12-31T22:59:00Z'))).toBe(2027);
    expect(maxManufactureYear(new Date('2026-12-31T23:00:00Z'))).toBe(2028);
  });

  it("writes what nl-NL's Intl formatter writes in Europe/Amsterdam, for every hour of a leap year", () => {
    const wrong: string[] = [];
    for (let h = 0; h < 366 * 24; h++) {
      const d = new Date(Date.UTC(2028, 0, 1, 0, 13) + h * 3_600_000);
      const nl = nlDateTime.format(d).replace(',', '');
      if (formatDateTime(d) !== nl || formatDateTime(d.toISOString()) !== nl || formatDate(d) !== nl.slice(0, 10)) {
        wrong.push(d.toISOString());
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('dutchParts', () => {
  it("equals Intl's Europe/Amsterdam every 31 hours (each hour of the day in turn) and a millisecond around every switch, 1981-2100", () => {
    const wrong: string[] = [];
    const check = (ms: number) => {
      const d = new Date(ms);
      if (JSON.stringify(dutchParts(d)) !== JSON.stringify(intlDutch(d))) wrong.push(d.toISOString());
    };
    for (let ms = Date.UTC(1981, 0, 1, 0, 17, 29); ms < Date.UTC(2101, 0, 1); ms += 31 * 3_600_000) check(ms);
    for (let year = 1981; year <= 2100; year++) {
      // Every switch falls on a Sunday at 01:00 UTC in the last week of March, September or October.
      for (const month of [2, 8, 9]) {
        for (let day = 22; day <= 31; day++) {
          const at = Date.UTC(year, month, day, 1);
          check(at - 1);
          check(at);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('is one hour in winter and two in summer time', () => {
    expect(dutchOffsetMs(Date.UTC(2026, 0, 15))).toBe(3_600_000);
    expect(dutchOffsetMs(Date.UTC(2026, 6, 15))).toBe(7_200_000);
  });
});

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

  it('gives the same answer whichever year was asked before (the summer time kept per year)', () => {
    const summer = new Date('2026-07-14T22:30:00Z');
    const winter = new Date('2027-01-14T23:30:00Z');
    const days = Array.from({ length: 6 }, (_, i) => dutchToday(i % 2 ? winter : summer));
    expect(days).toEqual(['2026-07-15', '2027-01-15', '2026-07-15', '2027-01-15', '2026-07-15', '2027-01-15']);
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
