import { randomUUID } from 'node:crypto';
import { PROFILE_PHOTO_SIDE } from '@keurwijzer/shared/profile';
import { squareWebp, type ImageIntake } from '../../lib/image-intake';

/** The storage keys of profile photos: `profiles/<user id>/<random>.webp`, chosen by the server. */
export const photoKeyOf = (userId: number) => `profiles/${userId}/${randomUUID()}.webp`;

/**
 * A profile photo: checked and re-encoded by the one image intake (lib/image-intake.ts: the type
 * by its bytes, 10 MiB, 50 megapixels read from the header, EXIF dropped; a refusal is a 422 on
 * `image`; in the process's one decode queue), then cut to a centred square WebP of at most
 * 512 px a side.
 */
export function processProfilePhoto(
  intake: ImageIntake,
  userId: number,
  data: Buffer,
): Promise<{ key: string; file: Buffer }> {
  return intake.decodeThen(`profiles/${userId}`, data, 'image', async (checked) => {
    // A small photo is not enlarged: the square is as large as its shorter side.
    const side = Math.max(1, Math.min(PROFILE_PHOTO_SIDE, checked.width, checked.height));
    return { key: photoKeyOf(userId), file: await squareWebp(checked.file, side) };
  });
}
