import { LANGUAGES, type Language } from '@keurwijzer/shared/users';

/** Dutch is the default and the fallback (spec sections 1 and 9). */
export const DEFAULT_LANGUAGE: Language = 'nl';

/** At most this much of an Accept-Language header is read, and this many of its entries. */
const MAX_HEADER = 1024;
const MAX_ENTRIES = 32;
const TAG = /^(?:[a-z]{1,8}(?:-[a-z0-9]{1,8})*|\*)$/;
const Q = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

const isSupported = (value: string | null | undefined): value is Language =>
  !!value && (LANGUAGES as readonly string[]).includes(value);

/**
 * The languages of an Accept-Language header (RFC 9110 12.5.4), best first: each tag with its
 * q-value (1 when not given), ties in the header's order; q=0 ("not this one") and malformed
 * entries are dropped.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; at: number }[] = [];
  const parts = header.slice(0, MAX_HEADER).split(',').slice(0, MAX_ENTRIES);
  parts.forEach((part, at) => {
    const [rawTag = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!TAG.test(rawTag)) return;
    let q = 1;
    for (const param of params) {
      const m = Q.exec(param.replace(/\s+/g, ''));
      if (!m) return;
      q = Number(m[1]);
    }
    if (q > 0) entries.push({ tag: rawTag, q, at });
  });
  return entries.sort((a, b) => b.q - a.q || a.at - b.at).map((e) => e.tag);
}

/**
 * The interface language of a request: the user's stored preference `lang` when it is a
 * supported one, else the best supported match of Accept-Language (a tag or its primary subtag,
 * `nl-BE` is nl; `*` is the default), else Dutch. Today only nl exists, so every path ends in nl;
 * the order is what a second language would follow. For the server's texts and the mail
 * templates (lib/mail-templates.ts) alike.
 */
export function languageOf({
  stored,
  acceptLanguage,
}: {
  stored?: string | null;
  acceptLanguage?: string | null;
}): Language {
  if (isSupported(stored)) return stored;
  for (const tag of acceptedLanguages(acceptLanguage ?? undefined)) {
    if (tag === '*') return DEFAULT_LANGUAGE;
    if (isSupported(tag)) return tag;
    const primary = tag.split('-')[0];
    if (isSupported(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
