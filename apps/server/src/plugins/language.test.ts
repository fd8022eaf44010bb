import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';

describe('Content-Language of the API', () => {
  const t = useTestApp();

  it('is Dutch for every Accept-Language, a supported one or not, and without one', async () => {
    for (const header of [undefined, 'nl-NL,nl;q=0.9', 'en-US,en;q=0.9', 'de;q=0, fr', '*', ';;;garbage']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/token',
        headers: header === undefined ? {} : { 'accept-language': header },
      });
      expect(res.statusCode, String(header)).toBe(200);
      expect(res.headers['content-language'], String(header)).toBe('nl');
    }
  });

  it('follows the logged-in user’s stored language over the browser’s', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/authorized',
      headers: { ...t.admin.authHeaders(), 'accept-language': 'en-GB,en;q=0.8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lang).toBe('nl');
    expect(res.headers['content-language']).toBe('nl');
  });

  it('is set on a refusal as well', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/authorized', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-language']).toBe('nl');
  });

  it('is not set on the web app’s pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    expect(res.headers['content-language']).toBeUndefined();
  });
});
