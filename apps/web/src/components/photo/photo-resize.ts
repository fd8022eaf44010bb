import { PHOTO_MAX_SIDE } from '@keurwijzer/shared/reports';

/*
 * A photo is made smaller on the device before it is queued: its longest side at most
 * PHOTO_MAX_SIDE pixels, as a JPEG of quality 0.85, upright (the camera's EXIF orientation is
 * applied while decoding, and the re-encoding drops the EXIF data, GPS included). The server
 * checks and re-encodes it again through its one image intake.
 */

/** JPEG quality of the device's re-encoding. */
export const PHOTO_QUALITY = 0.85;

/** The size of a `width` x `height` photo with its longest side at most `max` (never enlarged). */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return {
    width: Math.min(max, Math.max(1, Math.round(width * scale))),
    height: Math.min(max, Math.max(1, Math.round(height * scale))),
  };
}

/**
 * The photo as a JPEG of at most PHOTO_MAX_SIDE on its longest side; rejects when the browser
 * cannot decode it (not an image, or a format it does not know).
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    // JPEG has no transparency: a PNG's transparent parts become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/jpeg', PHOTO_QUALITY),
    );
  } finally {
    bitmap.close();
  }
}
