import { describe, expect, it } from 'vitest';
import { LIMIT_TEXT } from '@keurwijzer/shared/texts';
import { createImageIntake, type ImageDecoder, type ProcessedImage } from './image-intake';

/** A fake decoder that holds every decode until released, counting how many run at once. */
function gatedDecoder() {
  const held: (() => void)[] = [];
  const state = { running: 0, max: 0, started: [] as string[] };
  const arrivals: (() => void)[] = [];
  const decoder: ImageDecoder = async (keyPrefix) => {
    state.running++;
    state.max = Math.max(state.max, state.running);
    state.started.push(keyPrefix);
    arrivals.splice(0).forEach((r) => r());
    await new Promise<void>((resolve) => held.push(resolve));
    state.running--;
    return { fileKey: `${keyPrefix}/a.jpg`, thumbKey: `${keyPrefix}/a-thumb.webp` } as ProcessedImage;
  };
  /** Resolves once `n` decodes have started. */
  const started = async (n: number) => {
    while (state.started.length < n) await new Promise<void>((r) => arrivals.push(r));
  };
  const releaseOne = () => held.shift()?.();
  return { decoder, state, started, releaseOne, held };
}

describe('createImageIntake', () => {
  it('decodes at most two images at once across machine images, malfunction photos and profile photos', async () => {
    const fake = gatedDecoder();
    const intake = createImageIntake({ decoder: fake.decoder });
    const data = Buffer.from('x');
    const work = [
      intake.decode('machines/1', data, 'image'),
      intake.decode('malfunctions/1', data, 'photos.0'),
      intake.decodeThen('profiles/1', data, 'image', async (img) => img.fileKey),
      intake.decode('machines/2', data, 'image'),
      intake.decode('malfunctions/2', data, 'photos.0'),
      intake.decodeThen('profiles/2', data, 'image', async (img) => img.fileKey),
    ];
    await fake.started(2);
    expect(intake.load).toEqual({ running: 2, waiting: 4 });
    // Each finished decode lets exactly one waiting one start, whatever feature it belongs to.
    for (let i = 3; i <= 6; i++) {
      fake.releaseOne();
      await fake.started(i);
      expect(fake.state.running).toBe(2);
    }
    fake.releaseOne();
    fake.releaseOne();
    await Promise.all(work);
    expect(fake.state.max).toBe(2);
    expect(fake.state.started).toEqual([
      'machines/1',
      'malfunctions/1',
      'profiles/1',
      'machines/2',
      'malfunctions/2',
      'profiles/2',
    ]);
  });

  it('lets 8 wait and refuses the 11th with 503, from whichever feature it comes', async () => {
    const fake = gatedDecoder();
    const intake = createImageIntake({ decoder: fake.decoder });
    const data = Buffer.from('x');
    const prefixes = ['machines/1', 'malfunctions/1', 'profiles/1'];
    const work = Array.from({ length: 10 }, (_, i) => intake.decode(prefixes[i % 3]!, data, 'image'));
    await fake.started(2);
    expect(intake.load).toEqual({ running: 2, waiting: 8 });
    await expect(intake.decodeThen('profiles/9', data, 'image', async () => 1)).rejects.toMatchObject({
      statusCode: 503,
      message: LIMIT_TEXT.busy,
    });
    for (let i = 0; i < 10; i++) {
      await fake.started(Math.min(i + 2, 10));
      fake.releaseOne();
    }
    await Promise.all(work);
    expect(fake.state.max).toBe(2);
  });

  it('gives a user two upload slots in all features together (429 beyond), another user his own', () => {
    const intake = createImageIntake();
    const a = intake.slot(1);
    intake.slot(1);
    expect(() => intake.slot(1)).toThrow(expect.objectContaining({ statusCode: 429 }));
    expect(() => intake.slot(2)).not.toThrow();
    a();
    expect(() => intake.slot(1)).not.toThrow();
  });

  it('refuses with 413 what would take a customer past its storage quota', async () => {
    const used = new Map([[1, 900]]);
    const intake = createImageIntake({ quota: { bytesPerCustomer: 1000, usedBy: async (id) => used.get(id) ?? 0 } });
    await expect(intake.assertRoom(1, 100)).resolves.toBeUndefined();
    await expect(intake.assertRoom(1, 101)).rejects.toMatchObject({ statusCode: 413 });
    await expect(intake.assertRoom(2, 1000)).resolves.toBeUndefined();
  });
});
