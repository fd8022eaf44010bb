import { describe, expect, it } from 'vitest';
import { acceptedLanguages, languageOf } from './language';

describe('acceptedLanguages', () => {
  it('orders by q-value, ties in the header order, and drops q=0 and malformed entries', () => {
    expect(acceptedLanguages('en-US,en;q=0.9,nl;q=0.95, de ;q=0.5,fr;q=0')).toEqual(['en-us', 'nl', 'en', 'de']);
    expect(acceptedLanguages('da, en-gb;q=0.8, en;q=0.7')).toEqual(['da', 'en-gb', 'en']);
    expect(acceptedLanguages('nl;q=2,en;q=abc,<script>,de;level=1,*;q=0.1')).toEqual(['*']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('reads a bounded part of a long header', () => {
    expect(acceptedLanguages(Array.from({ length: 5000 }, () => 'en').join(',')).length).toBeLessThanOrEqual(32);
  });
});

describe('languageOf', () => {
  it('takes the stored preference when it is supported', () => {
    expect(languageOf({ stored: 'nl', acceptLanguage: 'en-US,en;q=0.9' })).toBe('nl');
  });

  it('ignores an unsupported stored value and reads Accept-Language', () => {
    expect(languageOf({ stored: 'xx', acceptLanguage: 'nl-BE' })).toBe('nl');
    expect(languageOf({ stored: null, acceptLanguage: 'de-DE,nl;q=0.5' })).toBe('nl');
  });

  it('matches a region tag by its primary language', () => {
    expect(languageOf({ acceptLanguage: 'nl-BE' })).toBe('nl');
    expect(languageOf({ acceptLanguage: 'NL-nl;q=0.3' })).toBe('nl');
  });

  it('falls back to Dutch for unsupported, wildcard, empty and garbage headers', () => {
    for (const header of ['en-US,en;q=0.9', 'fr', '*', '', '%%%;;;', 'nl;q=0', 'ü-ä', undefined]) {
      expect(languageOf({ acceptLanguage: header }), String(header)).toBe('nl');
    }
    expect(languageOf({})).toBe('nl');
  });
});
