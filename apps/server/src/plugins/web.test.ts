import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createMemoryMailer } from '../lib/mailer';
import { freshDatabase } from '../test/build-test-app';

/** A built web app in miniature, as `npm run build` leaves it (with the .br/.gz copies). */
const SCRIPT = `export const screen = ${JSON.stringify('Keurwijzer '.repeat(400))};\n`;
const INDEX = '<!doctype html><html lang="nl"><head><title>Keurwijzer</title></head><body></body></html>';
const ROBOTS = 'User-agent: *\nDisallow: /api/\n';
const SERVICE_WORKER = "self.addEventListener('fetch', () => undefined);\n";
const MANIFEST = JSON.stringify({ name: 'Keurwijzer', start_url: '/', display: 'standalone' });

let dist: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'kw-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'robots.txt'), ROBOTS);
  fs.writeFileSync(path.join(dist, 'sw.js'), SERVICE_WORKER);
  fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
  const script = path.join(dist, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  database = await freshDatabase();
  app = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000', WEB_DIST: dist }),
    database,
    mailer: createMemoryMailer(),
    sessionSecret: 'test-secret-'.padEnd(40, 'x'),
    logger: false,
    // The event-loop guard is off as in every API test (build-test-app.ts): a busy box lags.
    pressure: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('static files of the web app', () => {
  it('sends a script Brotli-compressed when the browser accepts it', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client without Brotli, and the file as it is to one that accepts neither', async () => {
    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('does not serve the compressed copies under their own names', async () => {
    expect((await get('/assets/index-abc123.js.br')).statusCode).toBe(404);
    expect((await get('/assets/index-abc123.js.gz')).statusCode).toBe(404);
  });

  it('serves robots.txt as text, not the app', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(ROBOTS);
  });

  it('serves the service worker revalidated every time, under a CSP that lets it and the manifest load', async () => {
    const sw = await get('/sw.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    // Never an old worker from the HTTP cache: a new version is found at the next check.
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.body).toBe(SERVICE_WORKER);
    const csp = String(sw.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(manifest.body)).toMatchObject({ name: 'Keurwijzer' });
    // The app's page carries the same policy.
    expect(String((await get('/')).headers['content-security-policy'])).toContain("worker-src 'self'");
  });

  it('answers 404 for a file that is not there, not the HTML of the app', async () => {
    for (const url of ['/something.txt', '/favicon.ico', '/assets/index-old.js', '/admin/report.pdf']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('answers any screen path with the app (the SPA decides), also with dots in the query', async () => {
    for (const url of [
      '/',
      '/login',
      '/admin/users',
      '/admin/users?search=a.b',
      '/activate/abc-DEF_123',
      '/bestaat/niet',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
    }
  });

  it("keeps a machine's public label page out of search engines", async () => {
    const res = await get('/m/AbCdEfGhIjKlMnOpQrStUv');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
