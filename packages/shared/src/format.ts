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

/** The product's time zone: "today" is the Dutch day, on the server and in the browser alike. */
export const DUTCH_TIME_ZONE = 'Europe/Amsterdam';

/**
 * Made once, on first use: `toLocaleDateString` with options builds a new formatter on every call,
 * which was 13 % of the server's CPU on the lists that compute a due state (issue 20's bench).
 */
let partsFormat: Intl.DateTimeFormat | undefined;

/** The wall-clock time of `d` in Dutch time as its parts (the server's exports and "today"). */
export function dutchParts(d: Date) {
  partsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: DUTCH_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const p: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of partsFormat.formatToParts(d)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Today in Dutch time as "YYYY-MM-DD" (a task list's planned_date of today). */
export function dutchToday(now: Date = new Date()): string {
  const { year, month, day } = dutchParts(now);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}
