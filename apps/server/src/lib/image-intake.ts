import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { fieldError } from './errors';

/*
 * An uploaded photo, checked and re-encoded: the one implementation for machine images
 * (modules/machines/machine-images.ts delegates here) and malfunction photos: the type by the bytes, 10 MiB,
 * 50 megapixels read from the header before decoding, re-encoded (EXIF dropped), a thumbnail.
 */

/** JPEG, PNG or WebP, recognised by their bytes (never by name); SVG and the rest are refused. */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
export const IMAGE_TYPE_MESSAGE = 'Alleen afbeeldingen in JPEG, PNG of WebP zijn toegestaan';
export const IMAGE_UNREADABLE_MESSAGE = 'Deze afbeelding kan niet worden gelezen';
/** An upload is a file of at most 10 MiB (security.md). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** A photo of 50 megapixels is plenty; a small file that claims more is refused before decoding. */
export const MAX_INPUT_PIXELS = 50_000_000;
export const IMAGE_TOO_LARGE_MESSAGE = 'Deze afbeelding heeft te veel pixels (maximaal 50 megapixel)';
const MAX_SIDE = 2000;
const THUMB_SIDE = 320;

export type ProcessedImage = {
  fileKey: string;
  thumbKey: string;
  file: Buffer;
  thumb: Buffer;
  contentType: string;
  width: number;
  height: number;
};

/**
 * Checks the bytes and re-encodes the image (which also drops EXIF data such as GPS), at most
 * 2000 px on its longest side, plus a 320 px WebP thumbnail. Storage keys are random under
 * `keyPrefix` (e.g. `malfunctions/12`, chosen by the server). A refusal is a 422 on `field`.
 */
export async function processImage(keyPrefix: string, data: Buffer, field: string): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(data);
  const ext = type && ACCEPTED.get(type.mime);
  if (!type || !ext) throw fieldError(field, IMAGE_TYPE_MESSAGE);
  // The header alone gives the size: a decompression bomb is refused without being decoded.
  const { width = 0, height = 0 } = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width * height > MAX_INPUT_PIXELS) throw fieldError(field, IMAGE_TOO_LARGE_MESSAGE);
  try {
    const base = sharp(data, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      ext === 'jpg' ? base.jpeg({ quality: 85 }) : ext === 'png' ? base.png() : base.webp({ quality: 85 });
    const { data: file, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await sharp(file)
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside' })
      .webp({ quality: 75 })
      .toBuffer();
    const id = randomUUID();
    return {
      fileKey: `${keyPrefix}/${id}.${ext}`,
      thumbKey: `${keyPrefix}/${id}-thumb.webp`,
      file,
      thumb,
      contentType: type.mime,
      width: info.width,
      height: info.height,
    };
  } catch {
    throw fieldError(field, IMAGE_UNREADABLE_MESSAGE);
  }
}
