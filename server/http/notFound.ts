import type { FastifyInstance } from 'fastify';
import { problemBody } from './problem';

/**
 * Unknown routes: a 404 problem under `/v1` (and for anything but a page load); with the
 * web app served, any other GET answers `index.html` so client routes such as
 * /floors/{id} survive a reload.
 */
export function registerNotFound(app: FastifyInstance, options: { spa: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (options.spa && request.method === 'GET' && !path.startsWith('/v1/') && !path.startsWith('/assets/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).type('application/problem+json').send(problemBody(404, `No route ${request.method} ${path}`));
  });
}
