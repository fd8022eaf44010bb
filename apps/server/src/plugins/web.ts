import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { TEXT } from '@keurwijzer/shared/texts';
import { reportFirstPaint } from './first-paint';

/** A path whose last segment has a file extension (/robots.txt, /assets/x.js): a file, not a screen. */
const FILE_PATH = /\/[^/]*\.[A-Za-z0-9]{1,10}$/;

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else
 * is revalidated, and any non-/api GET that is not a file gets index.html (the SPA decides
 * between a screen and page-not-found). A missing file (a path with an extension, such as
 * /favicon.ico or an old chunk) is a 404, not the app's HTML; unknown /api paths answer the 404
 * envelope.
 *
 * Text files are sent compressed: the web build writes a Brotli and a gzip copy of each
 * (apps/web/build/precompress.ts) and `preCompressed` picks the one the browser accepts, so compression
 * costs no CPU per request.
 */
export const webPlugin = fp<{ root: string | undefined; index: string | undefined }>(async (app, opts) => {
  // `index`: the build's index.html as `readWebIndex` read it (app.ts also takes its CSP hashes).
  const { index } = opts;
  const root = index === undefined ? undefined : opts.root;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      // The .br/.gz copies are served in place of their file, never by their own name.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The answer depends on Accept-Encoding (caches must keep the variants apart).
        res.setHeader('vary', 'accept-encoding');
      },
    });
  } else {
    app.log.warn('web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !FILE_PATH.test(pathname);
    if (root && isPage) {
      // A machine's public label page (/m/<code>) is for whoever holds the label, never for a
      // search engine (the page's robots meta says the same once the app runs).
      if (pathname.startsWith('/m/')) reply.header('x-robots-tag', 'noindex, nofollow');
      // A report screen opened by someone who may see it: with its first paint (first-paint.ts).
      const page = request.method === 'GET' ? await reportFirstPaint(app, request, index!) : undefined;
      if (page) return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: TEXT.notFound, errors: {} });
  });
});

/** The built app's index.html, read once; undefined when `root` holds no build. */
export function readWebIndex(root: string | undefined): string | undefined {
  const file = root && path.join(root, 'index.html');
  return file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}
