/** The product speaks Dutch only: nl is the default and the fallback (spec section 1). */
export const SUPPORTED_LANGUAGES = ['nl'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
const FALLBACK: Language = 'nl';
const STORAGE_KEY = 'lang';

const isSupported = (value: string | null | undefined): value is Language =>
  !!value && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);

/** The stored preference `lang`, else the browser's language, else nl. */
export function resolveLanguage(
  stored: string | null = safeStorageGet(STORAGE_KEY),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isSupported(stored)) return stored;
  const fromBrowser = browser.map((l) => l.slice(0, 2).toLowerCase()).find(isSupported);
  return fromBrowser ?? FALLBACK;
}

export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode: the preference is not kept; nl stays in use.
  }
  document.documentElement.lang = lang;
}

function safeStorageGet(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const currentLanguage = (): Language => resolveLanguage();
