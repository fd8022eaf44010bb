import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The app's helmet options: what the security headers say (docs/architecture.md, "Security headers"). */
export const helmetOptions = (secure: boolean, scriptSources: string[] = []): HelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      // MUI (emotion) injects <style> elements. Scripts: 'self', and index.html's inline script
      // by its hash (the colour scheme before the first paint; plugins/first-paint.ts).
      'style-src': ["'self'", "'unsafe-inline'"],
      'script-src': ["'self'", ...scriptSources],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      // The installable app: its service worker (/sw.js) and manifest, from this origin only.
      'worker-src': ["'self'"],
      'manifest-src': ["'self'"],
      'upgrade-insecure-requests': secure ? [] : null,
    },
  },
  hsts: secure,
  referrerPolicy: { policy: 'same-origin' },
  frameguard: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
});

/**
 * The headers helmet sets, computed once: with options that do not depend on the request (no CSP
 * nonces), helmet's middleware writes the same headers every time, so they are collected at
 * start-up by running it once against a recording response. @fastify/helmet rebuilt the helmet
 * middleware and merged its options on every request (two hooks, one async), a measurable part
 * of the request path's own cost (bench ratio).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Sets the security headers on every reply, in one synchronous hook. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { secure, scriptSources }: { secure: boolean; scriptSources?: string[] }) => {
    const headers = securityHeaders(helmetOptions(secure, scriptSources));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
