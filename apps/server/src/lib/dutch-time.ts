import { DUTCH_TIME_ZONE, dutchParts, formatDay } from '@keurwijzer/shared/format';

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

/** The wall-clock time of a moment in Dutch time as its parts (one formatter, in shared). */
export { dutchParts };
