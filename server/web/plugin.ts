import path from 'node:path';
import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { loadRoutePages, registerRoutePages } from './routePages';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once the built web app is being served. */
    servesWebApp?: boolean;
  }
}

/**
 * Serves the built browser app from `root` (Vite's `dist/web`): hashed assets with a
 * long cache, the rest revalidated; the build's brotli or gzip copy of a file
 * (server/web/precompress.ts) when the browser accepts it. Each route of the route table
 * gets index.html with its own chunks preloaded (server/web/routePages.ts); other paths
 * fall back to index.html as it is through registerNotFound. Serves nothing when the app
 * is not built.
 * @param options.root the built app (Vite's `dist/web`)
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: { root: string }) => {
    if (!existsSync(path.join(options.root, 'index.html'))) {
      app.log.warn({ root: options.root }, 'no built web app found; serving the API only (run npm run build)');
      return;
    }
    app.decorate('servesWebApp', true);
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
      },
    });
    registerRoutePages(app, await loadRoutePages(options.root, app.log));
  },
  { name: 'web' },
);
