import { execFileSync } from 'node:child_process';

/** The PDF's text as poppler's pdftotext reads it (in reading order, with -layout: a line per row). */
export function pdfText(pdf: Buffer, layout = true): string {
  try {
    return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-enc', 'UTF-8', '-', '-'], {
      input: pdf,
      encoding: 'utf8',
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        'pdftotext is missing: run `node scripts/ensure-debian-tools.mjs` (or apt-get install poppler-utils)',
      );
    }
    throw error;
  }
}
