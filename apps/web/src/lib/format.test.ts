import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPrice, parseDateInput } from './format';

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

describe('formatters', () => {
  it('formats prices as "€ 12,00"', () => {
    expect(formatPrice(12)).toBe('€ 12,00');
    expect(formatPrice(1234.5)).toBe('€ 1.234,50');
  });
});

describe.each([
  ['UTC', 0],
  ['America/New_York', 300],
] as const)('dates with the device in %s', (zone, offset) => {
  inZone(zone, offset);

  it('is this zone inside the test', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(offset);
  });

  it('shows moments in Dutch time with 24-hour time, not in the device zone', () => {
    // A malfunction's "Reactie vóór" in winter: the mail says 16:00.
    expect(formatDateTime('2026-12-03T15:00:00.000Z')).toBe('03-12-2026 16:00');
    expect(formatDateTime('2026-07-14T12:05:00Z')).toBe('14-07-2026 14:05');
    expect(formatDateTime('2026-12-31T23:00:00Z')).toBe('01-01-2027 00:00');
    expect(formatDate('2026-12-31T23:00:00Z')).toBe('01-01-2027');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29-03-2026 03:00');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('25-10-2026 02:00');
  });

  it('shows a planned day ("2026-03-29") as that day', () => {
    expect(formatDate('2026-03-29')).toBe('29-03-2026');
    expect(formatDate('2027-01-01')).toBe('01-01-2027');
    expect(formatDate('2028-02-29')).toBe('29-02-2028');
  });

  it('reads typed dates into calendar days, whatever the zone', () => {
    expect(parseDateInput('29-03-2026')).toBe('2026-03-29');
    expect(parseDateInput('1/1/2027', { min: '2020-01-01' })).toBe('2027-01-01');
    expect(parseDateInput('29.2.28', { today: '2026-11-21' })).toBe('2028-02-29');
  });
});

describe('parseDateInput', () => {
  const today = '2026-11-21';
  it.each([
    ['21-11-2026', '2026-11-21'],
    ['1/2/2024', '2024-02-01'],
    ['05.06.49', '2049-06-05'],
    ['05.06.50', '1950-06-05'],
    [' 31-12-1999 ', '1999-12-31'],
  ])('reads %s', (text, expected) => {
    expect(parseDateInput(text, { today })).toBe(expected);
  });

  it('counts two-digit years in the century of the Dutch today', () => {
    expect(parseDateInput('01-01-49', { today: '2101-01-01' })).toBe('2149-01-01');
  });

  it.each(['32-01-2024', '10-13-2024', '31-02-2024', '29-02-2026', 'morgen', '2024-01-01'])('refuses %s', (text) => {
    expect(parseDateInput(text, { today })).toBeNull();
  });

  it('clamps to min and max', () => {
    const min = '2020-01-01';
    const max = '2030-01-01';
    expect(parseDateInput('01-01-1990', { min, max, today })).toBe(min);
    expect(parseDateInput('01-01-2040', { min, max, today })).toBe(max);
    expect(parseDateInput('15-06-2025', { min, max, today })).toBe('2025-06-15');
  });
});
