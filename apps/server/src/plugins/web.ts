import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { TEXT } from '@keurwijzer/shared/texts';

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else
 * is revalidated, and any non-/api GET that is not a file gets index.html (the SPA decides
 * between a screen and page-not-found). Unknown /api paths answer the 404 envelope.
 */
export const webPlugin = fp<{ root: string | undefined }>(async (app, opts) => {
  const root = opts.root && fs.existsSync(path.join(opts.root, 'index.html')) ? opts.root : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn('web app not built: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    if (root && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: TEXT.notFound, errors: {} });
  });
});
