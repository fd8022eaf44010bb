import { LANGUAGES, type Language } from '@keurwijzer/shared/user-basics';
import { setLanguage } from './i18n';

const FALLBACK: Language = 'nl';

const isSupported = (value: string | null | undefined): value is Language =>
  !!value && (LANGUAGES as readonly string[]).includes(value);

/**
 * The interface language for a user (spec section 1): the account's stored preference `lang`,
 * else the first of the browser's languages that is supported (a region tag by its primary
 * language: nl-BE is nl), else Dutch, the default and fallback.
 */
export function languageFor(userLang: string | null | undefined, browser: readonly string[] = []): Language {
  if (isSupported(userLang)) return userLang;
  for (const tag of browser) {
    const lower = tag.trim().toLowerCase();
    if (isSupported(lower)) return lower;
    const primary = lower.split('-')[0];
    if (isSupported(primary)) return primary;
  }
  return FALLBACK;
}

/** Puts the user's language on <html lang> and keeps it as this browser's preference (lib/i18n.ts). */
export function applyUserLanguage(userLang: string | null | undefined): Language {
  const lang = languageFor(userLang, typeof navigator === 'undefined' ? [] : navigator.languages);
  setLanguage(lang);
  return lang;
}
