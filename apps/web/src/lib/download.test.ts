import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download';

describe('fileNameOf', () => {
  it('takes the file name of a Content-Disposition header', () => {
    expect(fileNameOf('attachment; filename="inventaris-K-1001-2026-11-21.xlsx"', 'x.xlsx')).toBe(
      'inventaris-K-1001-2026-11-21.xlsx',
    );
  });
  it('falls back without a header or a file name', () => {
    expect(fileNameOf(null, 'inventaris.pdf')).toBe('inventaris.pdf');
    expect(fileNameOf('attachment', 'inventaris.pdf')).toBe('inventaris.pdf');
  });
});
