import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPrice, parseDateInput } from './format';

describe('formatters', () => {
  it('formats prices as "€ 12,00"', () => {
    expect(formatPrice(12)).toBe('€ 12,00');
    expect(formatPrice(1234.5)).toBe('€ 1.234,50');
  });

  it('formats dates in Dutch order with 24-hour time', () => {
    const d = new Date(2026, 10, 21, 14, 5);
    expect(formatDate(d)).toBe('21-11-2026');
    expect(formatDateTime(d)).toBe('21-11-2026 14:05');
    expect(formatDateTime(new Date(2026, 0, 2, 23, 59))).toBe('02-01-2026 23:59');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 0))).toBe('02-01-2026 00:00');
  });

  it("write what nl-NL's Intl formatter writes, for every hour of a year and from an ISO string", () => {
    const date = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const time = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    for (let h = 0; h < 366 * 24; h += 7) {
      const d = new Date(Date.UTC(2028, 0, 1, 0, 13) + h * 3_600_000);
      expect(formatDate(d)).toBe(date.format(d));
      expect(formatDateTime(d.toISOString())).toBe(`${date.format(d)} ${time.format(d)}`);
    }
  });
});

describe('parseDateInput', () => {
  const now = new Date(2026, 10, 21);
  it.each([
    ['21-11-2026', new Date(2026, 10, 21)],
    ['1/2/2024', new Date(2024, 1, 1)],
    ['05.06.49', new Date(2049, 5, 5)],
    ['05.06.50', new Date(1950, 5, 5)],
  ])('reads %s', (text, expected) => {
    expect(parseDateInput(text, { now })).toEqual(expected);
  });

  it.each(['32-01-2024', '10-13-2024', '31-02-2024', 'morgen', '2024-01-01'])('refuses %s', (text) => {
    expect(parseDateInput(text, { now })).toBeNull();
  });

  it('clamps to min and max', () => {
    const min = new Date(2020, 0, 1);
    const max = new Date(2030, 0, 1);
    expect(parseDateInput('01-01-1990', { min, max, now })).toEqual(min);
    expect(parseDateInput('01-01-2040', { min, max, now })).toEqual(max);
  });
});
