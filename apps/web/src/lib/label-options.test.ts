import { describe, expect, it } from 'vitest';
import { labelOptions } from './label-options';

describe('labelOptions', () => {
  it('keeps the order of the codes and shows each by its label', () => {
    expect(labelOptions(['b', 'a'] as const, { a: 'Een', b: 'Twee' })).toEqual([
      { value: 'b', label: 'Twee' },
      { value: 'a', label: 'Een' },
    ]);
  });
});
