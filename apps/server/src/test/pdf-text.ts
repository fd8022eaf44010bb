import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';

/**
 * A PDF's text as poppler's `pdftotext -raw` reads it: in the order it was drawn, so the lines a
 * wrapped text was broken into follow each other (the default mode would drop a hyphen at a line's
 * end, -layout puts the cells of other columns between them).
 */
export const pdfRawText = (pdf: Buffer): string =>
  execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');

/** The text without any white space (a wrapped text's line breaks, and the spaces of the text itself). */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/**
 * Asserts that the PDF prints `value` whole: every character, in order, without anything between
 * them but the line breaks of its wrapping (white space is left out on both sides), and that
 * nothing in it was cut off ("…").
 */
export function expectWhole(text: string, value: string, what = value): void {
  expect(text, `${what}: nothing cut off`).not.toContain('…');
  expect(squeezed(text), `${what}: printed whole`).toContain(squeezed(value));
}
