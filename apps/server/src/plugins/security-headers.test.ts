import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders, securityHeadersPlugin } from './security-headers';

describe('security headers', () => {
  it('are the headers helmet sets, HSTS only when served over HTTPS', () => {
    const plain = securityHeaders(helmetOptions(false));
    expect(plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain['x-content-type-options']).toBe('nosniff');
    expect(plain['referrer-policy']).toBe('same-origin');
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['cross-origin-embedder-policy']).toBeUndefined();

    const secure = securityHeaders(helmetOptions(true));
    expect(secure['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(secure['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('are set on every reply, a route that fails included', async () => {
    const app = Fastify({ logger: false });
    await app.register(securityHeadersPlugin, { secure: false });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fail', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fail', '/missing']) {
      const res = await app.inject({ url });
      // DENY, as frame-ancestors 'none' says: no page of the app is ever framed.
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toContain("default-src 'self'");
    }
    await app.close();
  });
});
