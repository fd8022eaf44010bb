import { TZDate } from '@date-fns/tz';
import Holidays from 'date-holidays';
import { RESPONSE_WORKING_DAYS } from '@keurwijzer/shared/malfunctions';
import { TIME_ZONE } from './dutch-time';

/*
 * Working days and the response deadline of a malfunction: the office responds by the
 * cut-off time (MALFUNCTION_CUTOFF, default 16:00, Dutch time) of the working day after the day the
 * report counts from. A working day is Monday to Friday and not a Dutch public holiday: only the
 * holidays date-holidays types 'public' for NL (Nieuwjaar, Pasen and Tweede paasdag, Koningsdag,
 * Hemelvaartsdag, Pinksteren and Tweede pinksterdag, Kerstmis and Tweede kerstdag). Goede Vrijdag
 * and Bevrijdingsdag (type 'school' there: a day off only by collective agreement, and Bevrijdingsdag
 * only every fifth year for many) and Oudejaarsdag are working days.
 *
 * Days are counted on the calendar (year, month, day), never by adding hours, and the deadline is
 * made as the cut-off time on that Dutch day: a daylight saving change in between moves nothing.
 */

/** "HH:MM" (00:00-23:59), as the setting MALFUNCTION_CUTOFF is written. */
export const CUTOFF_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const DEFAULT_CUTOFF = '16:00';

/** A calendar day (month 1-12). */
type Day = { year: number; month: number; day: number };

const holidays = new Holidays('NL');
/** The public holidays of a year as 'YYYY-MM-DD', computed once per year. */
const publicHolidays = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let days = publicHolidays.get(year);
  if (!days) {
    days = new Set(
      holidays
        .getHolidays(year)
        .filter((h) => h.type === 'public')
        .map((h) => h.date.slice(0, 10)),
    );
    publicHolidays.set(year, days);
  }
  return days;
}

const pad = (n: number) => String(n).padStart(2, '0');
const keyOf = (d: Day) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;

/** The day after `d` on the calendar (computed in UTC, where every day has 24 hours). */
function nextDay(d: Day): Day {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Monday to Friday and not a Dutch public holiday. */
export function isWorkingDay(d: Day): boolean {
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(d.year).has(keyOf(d));
}

function nextWorkingDay(d: Day): Day {
  let day = nextDay(d);
  while (!isWorkingDay(day)) day = nextDay(day);
  return day;
}

/** "16:00" as hours and minutes; throws on anything else (the config checks it first). */
export function parseCutoff(cutoff: string): { hours: number; minutes: number } {
  const match = CUTOFF_PATTERN.exec(cutoff);
  if (!match) throw new Error(`Invalid cut-off time: ${cutoff}`);
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

/**
 * The response deadline of a malfunction reported at `reportedAt`: the report counts from its own
 * Dutch day when that is a working day and it came before the cut-off, else from the next working
 * day; the deadline is the cut-off time RESPONSE_WORKING_DAYS working day(s) later. Friday 17:00
 * before Easter (Tweede paasdag on Monday) counts from Tuesday: Wednesday 16:00.
 */
export function respondByOf(reportedAt: Date, cutoff: string = DEFAULT_CUTOFF): Date {
  const { hours, minutes } = parseCutoff(cutoff);
  const local = new TZDate(reportedAt.getTime(), TIME_ZONE);
  const reportDay: Day = { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
  const beforeCutoff = local.getHours() * 60 + local.getMinutes() < hours * 60 + minutes;
  let day = isWorkingDay(reportDay) && beforeCutoff ? reportDay : nextWorkingDay(reportDay);
  for (let i = 0; i < RESPONSE_WORKING_DAYS; i++) day = nextWorkingDay(day);
  return new Date(new TZDate(day.year, day.month - 1, day.day, hours, minutes, TIME_ZONE).getTime());
}
