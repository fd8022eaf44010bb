import { DUTCH_TIME_ZONE, formatDay } from '@keurwijzer/shared/format';

/** Dutch dates and times as the exports print them (PDF, xlsx, e-mails): always in Dutch time. */
export const TIME_ZONE = DUTCH_TIME_ZONE;

const dateFormat = new Intl.DateTimeFormat('nl-NL', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('nl-NL', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** 21-11-2026 in Dutch time. */
export const dutchDate = (d: Date) => dateFormat.format(d);
/** 21-11-2026 14:05 in Dutch time. */
export const dutchDateTime = (d: Date) => `${dutchDate(d)} ${timeFormat.format(d)}`;
/** '2026-11-21' (a calendar day without time) as 21-11-2026. */
export const dutchDay = formatDay;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time of `d` in Dutch time as its parts. */
export function dutchParts(d: Date) {
  const p = Object.fromEntries(partsFormat.formatToParts(d).map((x) => [x.type, x.value])) as Record<string, string>;
  return { year: +p.year!, month: +p.month!, day: +p.day!, hour: +p.hour!, minute: +p.minute!, second: +p.second! };
}
