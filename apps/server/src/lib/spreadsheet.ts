/**
 * A text for a spreadsheet cell that no spreadsheet program will run as a formula: a text that
 * starts with = + - @, a tab or a carriage return gets a leading apostrophe (security.md, OWASP
 * "CSV injection"). Other texts are returned as they are.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
