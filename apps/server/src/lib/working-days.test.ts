import { describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { isWorkingDay, parseCutoff, respondByOf } from './working-days';

/** An instant given as Dutch local time (month 1-12). */
const dutch = (year: number, month: number, day: number, hours: number, minutes = 0) =>
  new Date(new TZDate(year, month - 1, day, hours, minutes, 'Europe/Amsterdam').getTime());

/** The deadline as Dutch local time, "2027-03-31 16:00 (wo)". */
function local(d: Date): string {
  const parts = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(d);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')} (${part('weekday')})`;
}

describe('respondByOf: the cut-off time on the working day after the day the report counts from', () => {
  it('Friday 26 March 2027 17:00, before Easter (Tweede paasdag on Monday 29): Wednesday 31 March 16:00', () => {
    expect(local(respondByOf(dutch(2027, 3, 26, 17)))).toBe('2027-03-31 16:00 (wo)');
  });

  it('Goede Vrijdag is a working day: that Friday at 10:00 counts from Friday, answered Tuesday (Monday is Tweede paasdag)', () => {
    expect(local(respondByOf(dutch(2027, 3, 26, 10)))).toBe('2027-03-30 16:00 (di)');
  });

  it('an ordinary Friday at 10:00: Monday 16:00', () => {
    expect(local(respondByOf(dutch(2027, 3, 19, 10)))).toBe('2027-03-22 16:00 (ma)');
  });

  it('a Saturday or Sunday counts from Monday: Tuesday 16:00', () => {
    expect(local(respondByOf(dutch(2026, 11, 28, 9)))).toBe('2026-12-01 16:00 (di)');
    expect(local(respondByOf(dutch(2026, 11, 29, 23, 59)))).toBe('2026-12-01 16:00 (di)');
  });

  it('a report on Koningsdag (Tuesday 27 April 2027) counts from Wednesday: Thursday 16:00', () => {
    expect(local(respondByOf(dutch(2027, 4, 27, 10)))).toBe('2027-04-29 16:00 (do)');
    // The day before Koningsdag at 15:00: the next working day is Wednesday.
    expect(local(respondByOf(dutch(2027, 4, 26, 15)))).toBe('2027-04-28 16:00 (wo)');
  });

  it('Christmas Eve 2026 (Thursday) 15:59 counts from that day, 16:00 from Monday 28 December', () => {
    expect(local(respondByOf(dutch(2026, 12, 24, 15, 59)))).toBe('2026-12-28 16:00 (ma)');
    expect(local(respondByOf(dutch(2026, 12, 24, 16, 0)))).toBe('2026-12-29 16:00 (di)');
  });

  it('a minute before the cut-off still counts from today, the cut-off itself does not', () => {
    expect(local(respondByOf(new Date(dutch(2026, 12, 1, 15, 59).getTime() + 59_999)))).toBe('2026-12-02 16:00 (wo)');
    expect(local(respondByOf(dutch(2026, 12, 1, 16)))).toBe('2026-12-03 16:00 (do)');
  });

  it('across the change to summer time (Sunday 29 March 2026): still 16:00 Dutch time, now 14:00 UTC', () => {
    const deadline = respondByOf(dutch(2026, 3, 27, 17));
    expect(local(deadline)).toBe('2026-03-31 16:00 (di)');
    expect(deadline.toISOString()).toBe('2026-03-31T14:00:00.000Z');
    // A report in the hour that summer time skips counts from Monday too.
    expect(respondByOf(new Date('2026-03-29T01:30:00Z')).toISOString()).toBe('2026-03-31T14:00:00.000Z');
  });

  it('across the change to winter time (Sunday 25 October 2026): 16:00 Dutch time, 15:00 UTC', () => {
    const deadline = respondByOf(dutch(2026, 10, 23, 17));
    expect(local(deadline)).toBe('2026-10-27 16:00 (di)');
    expect(deadline.toISOString()).toBe('2026-10-27T15:00:00.000Z');
  });

  it('the day is the Dutch one: 23:30 UTC on a Thursday is Friday 00:30 in Amsterdam', () => {
    // Friday 4 December 2026 00:30 Dutch time: before the cut-off, counts from Friday.
    expect(local(respondByOf(new Date('2026-12-03T23:30:00Z')))).toBe('2026-12-07 16:00 (ma)');
  });

  it('takes another cut-off time', () => {
    expect(local(respondByOf(dutch(2026, 12, 1, 12), '12:00'))).toBe('2026-12-03 12:00 (do)');
    expect(local(respondByOf(dutch(2026, 12, 1, 11, 59), '12:00'))).toBe('2026-12-02 12:00 (wo)');
    // Oudejaarsdag after the cut-off: Nieuwjaar (Friday) and the weekend skipped, from Monday: Tuesday.
    expect(local(respondByOf(dutch(2026, 12, 31, 18), '17:30'))).toBe('2027-01-05 17:30 (di)');
  });
});

describe('isWorkingDay', () => {
  it('skips weekends and the public holidays only (Goede Vrijdag, Bevrijdingsdag and Oudejaarsdag work)', () => {
    const day = (year: number, month: number, d: number) => isWorkingDay({ year, month, day: d });
    expect(day(2027, 3, 26)).toBe(true); // Goede Vrijdag
    expect(day(2027, 3, 29)).toBe(false); // Tweede paasdag
    expect(day(2027, 4, 27)).toBe(false); // Koningsdag
    expect(day(2025, 5, 5)).toBe(true); // Bevrijdingsdag (a Monday, a lustrum year)
    expect(day(2027, 5, 6)).toBe(false); // Hemelvaartsdag
    expect(day(2027, 5, 17)).toBe(false); // Tweede pinksterdag
    expect(day(2026, 12, 25)).toBe(false); // Kerstmis
    expect(day(2026, 12, 31)).toBe(true); // Oudejaarsdag
    expect(day(2027, 1, 1)).toBe(false); // Nieuwjaar
    expect(day(2026, 11, 28)).toBe(false); // Saturday
  });
});

describe('parseCutoff', () => {
  it('reads HH:MM and refuses anything else', () => {
    expect(parseCutoff('16:00')).toEqual({ hours: 16, minutes: 0 });
    expect(parseCutoff('07:45')).toEqual({ hours: 7, minutes: 45 });
    for (const bad of ['24:00', '7:45', '16:60', '16.00', '']) expect(() => parseCutoff(bad)).toThrow();
  });
});
