export { MAX_IMAGE_BYTES, type ProcessedImage } from '../../lib/image-intake';
export const IMAGE_MISSING_MESSAGE = 'Kies een afbeelding om te uploaden';
