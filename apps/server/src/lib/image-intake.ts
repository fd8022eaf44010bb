import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import sharp from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { USAGE_TEXT } from '@keurwijzer/shared/usage';
import { createKeyedLimit, createWorkQueue, type Release } from './concurrency';
import { AppError, fieldError } from './errors';

/*
 * The one image intake of the app: machine images, malfunction photos and the profile photo all
 * come through here. It owns the accepted types (checked by their bytes, never by name), the
 * 10 MiB and 50 megapixel limits, the re-encoding (EXIF dropped), the per-user upload slots, the
 * ONE per-process decode queue, the per-customer storage quota check, the output steps (the
 * profile photo's square, the signature on white, JPEGs for PDFs), and the inline image reply.
 * It is built once in the composition root (modules/index.ts) and handed to the three services,
 * so "2 decodes per process" holds across them.
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

/** Turns checked bytes into a stored-to-be image; refusals are 422s on `field`. */
export type ImageDecoder = (keyPrefix: string, data: Buffer, field: string) => Promise<ProcessedImage>;

/**
 * Checks the bytes and re-encodes the image (which also drops EXIF data such as GPS), at most
 * 2000 px on its longest side, plus a 320 px WebP thumbnail. Storage keys are random under
 * `keyPrefix` (e.g. `malfunctions/12`, chosen by the server). A refusal is a 422 on `field`.
 */
export const decodeImage: ImageDecoder = async (keyPrefix, data, field) => {
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
};

/*
 * The output steps: what the app makes of an image it already holds (re-encoded by `decodeImage`
 * when it came in). A caller runs them in the decode queue: inside `decodeThen`, or through the
 * intake's `forPdf`.
 */

/** A centred square WebP of `side` px (the profile photo). */
export const squareWebp = (file: Buffer, side: number): Promise<Buffer> =>
  sharp(file).resize({ width: side, height: side, fit: 'cover' }).webp({ quality: 82 }).toBuffer();

/** A PNG on white, as a PDF prints it (the signature): its bytes and size. */
export async function pngOnWhite(file: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(file)
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A JPEG on white for a PDF (pdfkit embeds JPEG and PNG, not WebP), with `maxSide` at most that
 * many pixels on its longest side (never enlarged); without it, as large as it is.
 */
export function pdfJpeg(file: Buffer, maxSide?: number): Promise<Buffer> {
  const image = sharp(file);
  if (maxSide) image.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
  return image.flatten({ background: '#ffffff' }).jpeg({ quality: 80 }).toBuffer();
}

/** How much image work runs at once in this process (in memory, per process: lib/concurrency.ts). */
export type ImageLimits = {
  /** Uploads one user may have in progress at once (all three features together): 429 beyond. */
  uploadsPerUser: number;
  /** Images decoded and re-encoded (sharp) at once in this process; the others wait in line. */
  decodes: number;
  /** Images that may wait for a decode: 503 beyond. */
  decodesWaiting: number;
};

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { uploadsPerUser: 2, decodes: 2, decodesWaiting: 8 };

/** The per-customer storage quota: bytes allowed, and what a customer stores now (one query). */
export type StorageQuota = { bytesPerCustomer: number; usedBy: (customerId: number) => Promise<number> };

/**
 * The one intake. `decoder` is for tests (a fake counting concurrency); `quota` is the database's
 * view of a customer's stored bytes (modules/usage).
 */
export function createImageIntake({
  limits = DEFAULT_IMAGE_LIMITS,
  decoder = decodeImage,
  quota,
}: { limits?: ImageLimits; decoder?: ImageDecoder; quota?: StorageQuota } = {}) {
  const uploads = createKeyedLimit(limits.uploadsPerUser);
  const decoding = createWorkQueue({
    concurrency: limits.decodes,
    maxWaiting: limits.decodesWaiting,
    onFull: () => new AppError(503, LIMIT_TEXT.busy),
  });

  return {
    /**
     * One of the user's upload slots (429 when all are taken); release it when the bytes are
     * decoded. Taken before the body is read, so a refused upload's body is never read.
     */
    slot(userId: number): Release {
      const release = uploads.tryAcquire(userId);
      if (!release) throw new AppError(429, LIMIT_TEXT.tooManyUploads);
      return release;
    },

    /** Checks and re-encodes `data` in the process's one decode queue (503 when it is full). */
    decode(keyPrefix: string, data: Buffer, field: string): Promise<ProcessedImage> {
      return decoding.run(() => decoder(keyPrefix, data, field));
    },

    /**
     * Like `decode`, then `finish` (more sharp work on the result, e.g. the profile photo's
     * square) inside the same turn of the queue.
     */
    decodeThen<T>(keyPrefix: string, data: Buffer, field: string, finish: (image: ProcessedImage) => Promise<T>) {
      return decoding.run(async () => finish(await decoder(keyPrefix, data, field)));
    },

    /** A stored image as a JPEG for a PDF (`pdfJpeg`), in the decode queue (503 when it is full). */
    forPdf(file: Buffer, maxSide?: number): Promise<Buffer> {
      return decoding.run(() => pdfJpeg(file, maxSide));
    },

    /**
     * 413 with a Dutch message when storing `bytes` more would take the customer past its quota.
     * Checked before the files are stored; two uploads at the same moment may both pass the last
     * few bytes (the quota is a budget, not a hard disk limit).
     */
    async assertRoom(customerId: number, bytes: number): Promise<void> {
      if (!quota) return;
      if ((await quota.usedBy(customerId)) + bytes > quota.bytesPerCustomer) {
        throw new AppError(413, USAGE_TEXT.storageFull);
      }
    },

    /** Decodes running and waiting in this process (tests). */
    get load() {
      return decoding.load;
    },
  };
}

export type ImageIntake = ReturnType<typeof createImageIntake>;

/** An image file to send: its stream, type and a file name for Content-Disposition. */
export type ImageFile = { stream: Readable; contentType: string; fileName: string };

/** Only these characters reach the Content-Disposition header (the names are the server's anyway). */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_') || 'afbeelding';

/**
 * The one inline image reply: its type, nosniff (a browser never guesses another type), a safe
 * inline Content-Disposition, and no caching by shared caches (the onSend hook in app.ts makes
 * every /api answer no-store; photos are private).
 */
export const sendImage = (reply: FastifyReply, file: ImageFile) =>
  reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${safeFileName(file.fileName)}"`)
    .send(file.stream);
