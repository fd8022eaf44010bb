import { DUTCH_TIME_ZONE, dutchParts, formatDate, formatDateTime, formatDay } from '@keurwijzer/shared/format';

/** Dutch dates and times as the exports print them (PDF, xlsx, e-mails): the screens' formatters. */
export const TIME_ZONE = DUTCH_TIME_ZONE;

/** 21-11-2026 in Dutch time. */
export const dutchDate = (d: Date) => formatDate(d);
/** 21-11-2026 14:05 in Dutch time. */
export const dutchDateTime = (d: Date) => formatDateTime(d);
/** '2026-11-21' (a calendar day without time) as 21-11-2026. */
export const dutchDay = formatDay;

/** The wall-clock time of a moment in Dutch time as its parts (shared with the screens). */
export { dutchParts };
