import { processImage as processUpload, type ProcessedImage } from '../../lib/images';

export { MAX_IMAGE_BYTES, type ProcessedImage } from '../../lib/images';
export const IMAGE_MISSING_MESSAGE = 'Kies een afbeelding om te uploaden';

/**
 * A machine image: checked and re-encoded by the one upload implementation (lib/images.ts: type
 * by the bytes, 10 MiB, 50 megapixels, EXIF dropped, thumbnail), stored under machines/<id>.
 */
export function processImage(machineId: number, data: Buffer): Promise<ProcessedImage> {
  return processUpload(`machines/${machineId}`, data, 'image');
}
