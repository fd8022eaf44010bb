import type { ProcessedImage } from '../../lib/image-intake';
import type { FormFields, UploadedFile } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import type { PhotoValues } from './malfunctions.repository';

/*
 * What the malfunction services share about a write: its body, read only after the checks; its
 * photos, stored before the row that names them and removed again when that row is not written;
 * the mail that goes out after the commit.
 */

/** The body of a report or comment, read only after the checks (machine, throttle, upload slot). */
export type ReportBody = { fields: FormFields; files: UploadedFile[] };

/** Mail that goes out after the change is committed; the route sends it without waiting for it. */
export type AfterCommit = () => Promise<void>;

/** A decoded photo as the repository stores its row. */
export const photoValuesOf = (image: ProcessedImage): PhotoValues => ({
  fileKey: image.fileKey,
  thumbKey: image.thumbKey,
  contentType: image.contentType,
  size: image.file.length,
  width: image.width,
  height: image.height,
});

/** The bytes these photos take in the customer's storage quota. */
export const bytesOf = (images: ProcessedImage[]) => images.reduce((sum, i) => sum + i.file.length, 0);

/** Stores and removes decoded photos (each a file and its thumbnail). */
export function photoFiles(storage: Storage) {
  return {
    async store(images: ProcessedImage[]): Promise<void> {
      for (const image of images) {
        await storage.put(image.fileKey, image.file);
        await storage.put(image.thumbKey, image.thumb);
      }
    },
    /** After a row that was not written: its files are not left behind. */
    async remove(images: ProcessedImage[]): Promise<void> {
      for (const image of images) {
        await storage.delete(image.fileKey);
        await storage.delete(image.thumbKey);
      }
    },
  };
}
