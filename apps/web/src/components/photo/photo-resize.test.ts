import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_SIDE } from '@keurwijzer/shared/reports';
import { fitWithin } from './photo-resize';

describe('fitWithin', () => {
  it('makes the longest side at most PHOTO_MAX_SIDE and keeps the proportions', () => {
    expect(fitWithin(4032, 3024)).toEqual({ width: PHOTO_MAX_SIDE, height: 1536 });
    expect(fitWithin(3024, 4032)).toEqual({ width: 1536, height: PHOTO_MAX_SIDE });
    expect(fitWithin(5000, 5000)).toEqual({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE });
  });

  it('never enlarges a small photo and never makes a side 0', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(PHOTO_MAX_SIDE, 10)).toEqual({ width: PHOTO_MAX_SIDE, height: 10 });
    expect(fitWithin(100_000, 10)).toEqual({ width: PHOTO_MAX_SIDE, height: 1 });
  });
});
