import { describe, expect, it } from 'vitest';
import { GoogleStartQuerySchema, OIDC_ERRORS, googleSignInHref, oidcErrorText, safeRedirectPath } from './oidc';

describe('safeRedirectPath', () => {
  it.each([
    '/',
    '/machines',
    '/machines/5?tab=reports#x',
    '/admin/users?page=2',
    '/machines?search=a%20b',
    '/loginhelp',
  ])('follows %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    '',
    'machines',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/a\\b',
    '/a\nb',
    '/login',
    '/login?redirect=/x',
    '/' + 'a'.repeat(2000),
    // What the screens' own copies let through.
    '/\\evil',
    '/\\\\evil.example',
    '/\tevil',
    '/%09',
    '/%09/evil.example',
    '/%0A',
    '/a%0Ab',
    '/%0d%0aSet-Cookie:x',
    '/%00',
    '/%7F',
    '//evil',
    '///evil',
    '/%2F%2Fevil',
    '/%2f%2fevil',
    '/%2F/evil',
    '/%5Cevil',
    '/%5cevil',
    '/%252F%252Fevil',
    '/%25%30%39',
    '/%E0%A4%A',
    '/%',
    'https:',
    'https://evil.example',
    'http:/evil',
    '\\evil',
    ' /machines',
    '/%6Cogin',
    '/login/',
  ])('drops %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});

describe('GoogleStartQuerySchema', () => {
  it('defaults to login and drops an unsafe redirect instead of refusing', () => {
    expect(GoogleStartQuerySchema.parse({})).toEqual({ intent: 'login', redirect: undefined });
    expect(GoogleStartQuerySchema.parse({ intent: 'register', redirect: '//evil' })).toEqual({
      intent: 'register',
      redirect: undefined,
    });
    expect(GoogleStartQuerySchema.safeParse({ intent: 'other' }).success).toBe(false);
  });
});

describe('googleSignInHref and oidcErrorText', () => {
  it('builds the start link with a safe redirect only', () => {
    expect(googleSignInHref('login', '/machines/5')).toBe('/api/auth/google?intent=login&redirect=%2Fmachines%2F5');
    expect(googleSignInHref('register', 'https://evil.example')).toBe('/api/auth/google?intent=register');
  });

  it('knows the error codes of the callback and nothing else', () => {
    expect(oidcErrorText('google_email')).toBe(OIDC_ERRORS.google_email);
    expect(oidcErrorText('toString')).toBeNull();
    expect(oidcErrorText('<script>')).toBeNull();
    expect(oidcErrorText(null)).toBeNull();
  });
});
