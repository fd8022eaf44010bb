/**
 * A part of a download's file name in safe characters only (Content-Disposition): lower case,
 * accents dropped, anything else a hyphen, at most 40 characters; `fallback` when nothing is left.
 */
export const fileNameSlug = (s: string, fallback: string): string =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || fallback;
