import { describe, expect, it } from 'vitest';
import { isTooEasyToGuess, loadPasswordStrength } from './password-check';

describe('the lazily loaded password strength check', () => {
  it('finds Password1! too easy to guess and a few unrelated words not', async () => {
    expect(await isTooEasyToGuess('Password1!')).toBe(true);
    expect(await isTooEasyToGuess('Keurwijzer2025!')).toBe(true);
    expect(await isTooEasyToGuess('Fietsbel-Kano7!')).toBe(false);
  });

  it('loads the module once', async () => {
    expect(await loadPasswordStrength()).toBe(await loadPasswordStrength());
  });
});
