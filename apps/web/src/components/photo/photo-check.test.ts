import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { MAX_PHOTO_BYTES, PHOTO_TEXT, checkPhoto, serverPhotoError, sniffPhotoType } from './photo-check';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe('sniffPhotoType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffPhotoType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffPhotoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffPhotoType(bytes(...ascii('RIFF'), 0x24, 0, 0, 0, ...ascii('WEBPVP8 ')))).toBe('image/webp');
  });

  it('refuses text, SVG, GIF, a RIFF that is no WebP, and what is too short', () => {
    for (const b of [
      bytes(...ascii('dit is geen foto')),
      bytes(...ascii('<svg xmlns="http://www.w3.org/2000/svg">')),
      bytes(...ascii('GIF89a')),
      bytes(...ascii('RIFF'), 0, 0, 0, 0, ...ascii('WAVE')),
      bytes(0xff, 0xd8),
      bytes(0x89, 0x50, 0x4e, 0x47),
      bytes(),
    ]) {
      expect(sniffPhotoType(b)).toBeNull();
    }
  });
});

describe('checkPhoto', () => {
  it('judges a file by its bytes, not by its name or type', async () => {
    const text = new File(['dit is geen foto'], 'foto.jpg', { type: 'image/jpeg' });
    expect(await checkPhoto(text)).toBe(PHOTO_TEXT.notAnImage);
    const png = new File([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4)], 'scan.txt', {
      type: 'text/plain',
    });
    expect(await checkPhoto(png)).toBeNull();
  });

  it('refuses a photo over 10 MB', async () => {
    const big = new Blob([bytes(0xff, 0xd8, 0xff), new Uint8Array(MAX_PHOTO_BYTES)]);
    expect(await checkPhoto(big)).toBe(PHOTO_TEXT.tooLarge);
  });
});

describe('serverPhotoError', () => {
  const err = new ApiError(
    'De ingevoerde gegevens zijn ongeldig.',
    { 'photos.1': ['Te veel pixels'], image: ['Kapot'] },
    422,
  );
  it('finds the message about one photo of several, or the field’s when one was sent', () => {
    expect(serverPhotoError(err, 'photos', 1, 3)).toBe('Te veel pixels');
    expect(serverPhotoError(err, 'photos', 0, 3)).toBeNull();
    expect(serverPhotoError(err, 'image', 0, 1)).toBe('Kapot');
    expect(serverPhotoError(new Error('x'), 'image', 0, 1)).toBeNull();
  });
});
