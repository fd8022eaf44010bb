import { describe, expect, it } from 'vitest';
import { openQuestionsText } from './reports';
import { formalAddressIn } from './wording';

/** Vite's (Vitest's) import.meta.glob, typed here: the shared package has no Vite types of its own. */
type Glob = <T>(patterns: string[], options: { eager: true }) => Record<string, T>;

/** Every module of packages/shared, as loaded: their exported texts are walked below. */
const modules = (import.meta as ImportMeta & { glob: Glob }).glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});

/**
 * Every string in `value`: itself, or inside modules, plain objects and arrays (not schemas or
 * functions).
 */
function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (
    value !== null &&
    typeof value === 'object' &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value))
  ) {
    for (const [key, v] of Object.entries(value)) yield* strings(v, `${path}.${key}`);
  }
}

describe('wording of the shared Dutch texts', () => {
  it('tells the formal form of address from words that merely contain its letters', () => {
    for (const formal of ['U heeft te veel gemeld.', 'contact met u opgenomen', 'Uw melding:', 'Bekijk uw storingen'])
      expect(formalAddressIn(formal), formal).not.toBeNull();
    for (const fine of ['Uitloggen', 'Nieuw wachtwoord', 'uur', 'Je hebt', 'jouw melding', 'Bouwjaar'])
      expect(formalAddressIn(fine), fine).toBeNull();
  });

  it('address the user with "je", never "u" or "uw" (issue 19)', () => {
    const found: string[] = [];
    let count = 0;
    for (const [file, exports] of Object.entries(modules)) {
      for (const [path, text] of strings(exports, file)) {
        count++;
        const word = formalAddressIn(text);
        if (word) found.push(`${path}: "${word}" in "${text}"`);
      }
    }
    for (const n of [1, 11]) {
      const text = openQuestionsText(n);
      if (formalAddressIn(text)) found.push(`openQuestionsText(${n}): ${text}`);
    }
    // The walk reached the texts (MALFUNCTION_TEXT, REPORT_TEXT, TEXT, MSG...).
    expect(count).toBeGreaterThan(200);
    expect(found).toEqual([]);
  });
});
