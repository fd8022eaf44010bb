/*
 * Dates in the device's time zone, written out by hand: "dd-mm-jjjj" is what nl-NL's Intl formatter
 * gives for 2-digit days and months, and building that formatter cost the report screen a blocking
 * task of 60 ms on a phone (Lighthouse's 4x slower CPU) the first time a date was shown.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** 21-11-2026 */
export const formatDate = (value: string | Date): string => {
  const d = toDate(value);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
};

/** 21-11-2026 14:05 (24-hour time). */
export const formatDateTime = (value: string | Date): string => {
  const d = toDate(value);
  return `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

export { formatCents, formatDay, formatPrice } from '@keurwijzer/shared/format';

/**
 * Parses a typed date in Dutch order (day, month, year) with '/', '-' or '.' between the parts
 * (spec section 5). Two-digit years below 50 fall in this century, others in the previous one.
 * The result is clamped to [min, max]; null when it is not a date.
 */
export function parseDateInput(text: string, opts: { min?: Date; max?: Date; now?: Date } = {}): Date | null {
  const match = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  let year = Number(match[3]);
  if (day < 1 || day > 31 || month < 1 || month > 12) return null;
  if (match[3]!.length === 2) {
    const century = Math.floor((opts.now ?? new Date()).getFullYear() / 100) * 100;
    year = year < 50 ? century + year : century - 100 + year;
  }
  const date = new Date(year, month - 1, day);
  // 31-02 rolls over into March: not a date.
  if (date.getMonth() !== month - 1) return null;
  if (opts.min && date < opts.min) return new Date(opts.min);
  if (opts.max && date > opts.max) return new Date(opts.max);
  return date;
}
