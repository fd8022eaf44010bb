/** Dutch display formats used by both the screens and the server's exports. */

/** Made on first use: building an Intl formatter loads locale data (tens of ms on a phone). */
let amountFormat: Intl.NumberFormat | undefined;

/** "€ 12,00": euro sign, a space, the amount with a decimal comma (spec section 1). */
export const formatPrice = (amount: number): string =>
  `€ ${(amountFormat ??= new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).format(amount)}`;

/** "€ 12,00" of an amount in cents; '' for no price. */
export const formatCents = (cents: number | null): string => (cents === null ? '' : formatPrice(cents / 100));

/** A calendar day "2026-01-31" as "31-01-2026" (no time zone can move it). */
export const formatDay = (day: string): string => day.split('-').reverse().join('-');

/** The product's time zone: every date and time it shows is Dutch time, whatever the device's zone. */
export const DUTCH_TIME_ZONE = 'Europe/Amsterdam';

/*
 * Dutch time is computed here, not by Intl: building an Intl.DateTimeFormat with a time zone costs
 * a blocking task of tens of ms on a phone the first time (the report screen shows dates at once),
 * and its formatToParts is slower per call than this arithmetic (the server's due-state lists).
 * The Netherlands keep the EU rule: summer time (UTC+2) from the last Sunday of March 01:00 UTC to
 * the last Sunday of October 01:00 UTC (until 1995 the last Sunday of September), else UTC+1;
 * exact from 1981 on (no moment the product records is older). format.test.ts compares it with
 * Intl's Europe/Amsterdam up to 2100: should the rule change, that test fails once Node's time
 * zone data has it.
 */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of `month` (0-11) of `year`, in ms. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0, 1);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/** The summer time of the year last asked for: a list's dates mostly fall in one year. */
let summer = { year: NaN, start: 0, end: 0 };

/** How far Dutch time is ahead of UTC at the moment `ms`: two hours in summer time, else one. */
export function dutchOffsetMs(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  if (year !== summer.year) {
    summer = { year, start: lastSundayOneUtc(year, 2), end: lastSundayOneUtc(year, year < 1996 ? 8 : 9) };
  }
  return ms >= summer.start && ms < summer.end ? 2 * HOUR_MS : HOUR_MS;
}

/** The wall-clock time of `d` in Dutch time as its parts (month 1-12, hour 0-23). */
export function dutchParts(d: Date) {
  const ms = d.getTime();
  const w = new Date(ms + dutchOffsetMs(ms));
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today in Dutch time as "YYYY-MM-DD" (a task list's planned_date of today, a date input's default). */
export function dutchToday(now: Date = new Date()): string {
  const { year, month, day } = dutchParts(now);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** A calendar day without a time ("2026-03-29"): shown as it is, in every zone. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "21-11-2026", what nl-NL's Intl formatter writes with 2-digit days and months: the Dutch day of a
 * moment (a Date or an ISO string), or a calendar day "2026-11-21" as itself.
 */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return formatDay(value);
  const p = dutchParts(value instanceof Date ? value : new Date(value));
  return `${pad2(p.day)}-${pad2(p.month)}-${p.year}`;
}

/** "21-11-2026 14:05": a moment in Dutch time, 24-hour. */
export function formatDateTime(value: string | Date): string {
  const p = dutchParts(value instanceof Date ? value : new Date(value));
  return `${pad2(p.day)}-${pad2(p.month)}-${p.year} ${pad2(p.hour)}:${pad2(p.minute)}`;
}
