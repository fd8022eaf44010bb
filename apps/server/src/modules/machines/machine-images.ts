import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { fieldError } from '../../lib/errors';

/** JPEG, PNG or WebP, recognised by their bytes (never by name); SVG and the rest are refused. */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
export const IMAGE_TYPE_MESSAGE = 'Alleen afbeeldingen in JPEG, PNG of WebP zijn toegestaan';
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
 * 2000 px on its longest side, plus a 320 px WebP thumbnail. Storage keys are random.
 */
export async function processImage(machineId: number, data: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(data);
  const ext = type && ACCEPTED.get(type.mime);
  if (!type || !ext) throw fieldError('image', IMAGE_TYPE_MESSAGE);
  try {
    const base = sharp(data, { failOn: 'error' })
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
      fileKey: `machines/${machineId}/${id}.${ext}`,
      thumbKey: `machines/${machineId}/${id}-thumb.webp`,
      file,
      thumb,
      contentType: type.mime,
      width: info.width,
      height: info.height,
    };
  } catch {
    throw fieldError('image', 'Deze afbeelding kan niet worden gelezen');
  }
}
