import { dutchParts } from './dutch-time';

/**
 * A text for a spreadsheet cell that no spreadsheet program will run as a formula: a text that
 * starts with = + - @, a tab or a carriage return gets a leading apostrophe (security.md, OWASP
 * "CSV injection"). Other texts are returned as they are.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The moment `d` as Dutch wall-clock time in a UTC Date: what a spreadsheet date-time cell shows
 * as it is (a spreadsheet has no time zones).
 */
export function spreadsheetDateTime(d: Date): Date {
  const p = dutchParts(d);
  return new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second));
}
