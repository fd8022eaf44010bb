import sharp from 'sharp';

/*
 * The tests' images: the one place outside lib/image-intake.ts that imports sharp. Tests make
 * their upload images here and read back what the server stored or sent (its size, format,
 * pixels); the app itself encodes only through the image intake.
 */

/** sharp, for reading back an image the server answered (metadata, stats, raw pixels). */
export { sharp };

type Colour = string | { r: number; g: number; b: number; alpha?: number };

/** A blank image of one colour: `.jpeg()`, `.png()` or `.webp()` it and `.toBuffer()`. */
export const solidImage = (width: number, height: number, background: Colour, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background } });
