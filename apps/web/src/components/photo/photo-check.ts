import { ApiError } from '../../lib/api-client';

/*
 * What a photo may be, checked in the browser as soon as it is chosen: its first bytes (never its
 * name or the type the browser guesses from the name) and its size. The server checks again
 * (lib/image-intake.ts); this only says at once, under the photo, what the server would refuse.
 */

/** The types the server accepts, for the file input's `accept`. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';
/** An upload is at most 10 MB (the server's limit). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export const PHOTO_TEXT = {
  notAnImage: 'Dit bestand is geen foto. Kies een JPEG-, PNG- of WebP-afbeelding.',
  tooLarge: 'Deze foto is groter dan 10 MB. Kies een kleinere foto.',
  unreadable: 'Deze foto kan niet worden gelezen. Kies een andere foto.',
} as const;

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

/**
 * The photo type by its magic bytes: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP "RIFF" ....
 * "WEBP"; null for anything else (a text file named .jpg, an SVG, a GIF).
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  return null;
}

/** What is wrong with `file` as a photo (a Dutch sentence), or null when it may be sent. */
export async function checkPhoto(file: Blob): Promise<string | null> {
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TEXT.tooLarge;
  let head: Uint8Array;
  try {
    head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  } catch {
    return PHOTO_TEXT.unreadable;
  }
  return sniffPhotoType(head) ? null : PHOTO_TEXT.notAnImage;
}

/**
 * The server's message about photo `index` of the ones sent as `field`: `errors['photos.1']`,
 * or `errors.photos` / `errors.image` (about the photo when only one was sent). Null when the
 * server said nothing about it.
 */
export function serverPhotoError(err: unknown, field: string, index: number, sent: number): string | null {
  if (!(err instanceof ApiError)) return null;
  const own = err.errors[`${field}.${index}`]?.[0];
  if (own) return own;
  return sent === 1 ? (err.errors[field]?.[0] ?? null) : null;
}
