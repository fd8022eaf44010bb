import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyUserLanguage, languageFor } from './language';

describe('languageFor', () => {
  it("takes the user's stored language when it is supported", () => {
    expect(languageFor('nl', ['en-US', 'en'])).toBe('nl');
  });

  it("matches the browser's languages when the user has none (or an unsupported one)", () => {
    expect(languageFor(null, ['fr-FR', 'nl-BE'])).toBe('nl');
    expect(languageFor('xx', ['NL'])).toBe('nl');
    expect(languageFor(undefined, [' nl-nl '])).toBe('nl');
  });

  it('falls back to Dutch', () => {
    expect(languageFor(null, ['en-US', 'en'])).toBe('nl');
    expect(languageFor(undefined, [])).toBe('nl');
    expect(languageFor('', ['', '*', '%%'])).toBe('nl');
    expect(languageFor(undefined)).toBe('nl');
  });
});

describe('applyUserLanguage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets <html lang> and keeps the preference', () => {
    const documentElement = { lang: '' };
    const stored = new Map<string, string>();
    vi.stubGlobal('document', { documentElement });
    vi.stubGlobal('navigator', { languages: ['en-GB'] });
    vi.stubGlobal('localStorage', { setItem: (k: string, v: string) => stored.set(k, v) });
    expect(applyUserLanguage('xx')).toBe('nl');
    expect(documentElement.lang).toBe('nl');
    expect(stored.get('lang')).toBe('nl');
  });
});
