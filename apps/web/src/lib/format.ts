import { dutchToday } from '@keurwijzer/shared/format';

/*
 * Dates and times in Dutch time whatever the device's zone, computed by hand in shared/format.ts:
 * nl-NL's Intl formatter cost the report screen a blocking task of 60 ms on a phone (Lighthouse's
 * 4x slower CPU) the first time a date was shown.
 */
export { formatCents, formatDate, formatDateTime, formatDay, formatPrice } from '@keurwijzer/shared/format';

/**
 * Parses a typed date in Dutch order (day, month, year) with '/', '-' or '.' between the parts
 * (spec section 5) into a calendar day "YYYY-MM-DD", what a date input holds (no zone moves it).
 * Two-digit years below 50 fall in this century (of the Dutch today), others in the previous one.
 * The result is clamped to the days [min, max]; null when it is not a date.
 */
export function parseDateInput(text: string, opts: { min?: string; max?: string; today?: string } = {}): string | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  let year = Number(match[3]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  if (match[3]!.length === 2) {
    const century = Math.floor(Number((opts.today ?? dutchToday()).slice(0, 4)) / 100) * 100;
    year = year < 50 ? century + year : century - 100 + year;
  }
  // 31-02 rolls over into March: not a date (checked in UTC, where no zone moves the day).
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  if (check.getUTCMonth() !== month - 1) return null;
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (opts.min && date < opts.min) return opts.min;
  if (opts.max && date > opts.max) return opts.max;
  return date;
}
