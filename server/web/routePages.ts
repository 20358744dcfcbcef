/**
 * The app's client routes served with their preloads (server/web/routePreloads.ts): at
 * start-up, index.html is rewritten once per route of the route table and compressed once
 * (brotli and gzip, as the build's precompressed files), then each route pattern answers
 * its page from memory.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ROUTES_FILE } from './routeGraph';
import type { Manifest, RouteScreen } from './routeGraph';
import { routePreloads, withPreloads } from './routePreloads';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One route's index.html, ready to send. */
export interface RoutePage {
  /** Route pattern (`/floors/:floorId`). */
  path: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** Weak validator of the page's content, the same for every encoding. */
  etag: string;
}

/**
 * The content coding to send for an `Accept-Encoding` header (RFC 9110 section 12.5.3):
 * brotli, else gzip, when accepted with a nonzero weight (by name or `*`); null for the
 * page as it is.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    weights.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

async function pageOf(routePath: string, html: string): Promise<RoutePage> {
  const data = Buffer.from(html);
  const [br, gz] = await Promise.all([
    brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
    gzipAsync(data, { level: 9 }),
  ]);
  const etag = `W/"${createHash('sha256').update(data).digest('base64url').slice(0, 22)}"`;
  return { path: routePath, html: data, br, gzip: gz, etag };
}

/**
 * Reads the build's index.html, its manifest (`root/.vite/manifest.json`, written with
 * `build.manifest`) and its route table (`root/.vite/routes.json`, scripts/vite-route-table.ts),
 * and makes each route's page. Resolves to no page (index.html is then served as it is on
 * every route, with a warning) when the build has no manifest or route table; a route
 * whose screen the manifest lacks is left out with a warning.
 * @param root the built app (`dist/web`)
 */
export async function loadRoutePages(root: string, log: FastifyBaseLogger): Promise<RoutePage[]> {
  let manifest: Manifest;
  let routes: RouteScreen[];
  try {
    manifest = JSON.parse(await readFile(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    routes = JSON.parse(await readFile(path.join(root, ROUTES_FILE), 'utf8')) as RouteScreen[];
  } catch (error) {
    log.warn({ err: error, root }, 'the build has no manifest or route table: index.html is served without route preloads');
    return [];
  }
  const html = await readFile(path.join(root, 'index.html'), 'utf8');
  const plan = routePreloads(manifest, routes);
  if (plan.missing.length > 0) {
    log.warn({ routes: plan.missing.map((r) => r.path) }, 'the build manifest has no chunk for these routes: served without preloads');
  }
  return Promise.all(plan.routes.map((route) => pageOf(route.path, withPreloads(html, route))));
}

/**
 * Answers GET (and HEAD) on each page's route pattern with its page: no-cache (revalidated
 * with its ETag on every visit, as index.html), brotli or gzip when accepted. Paths no
 * route matches still get index.html as it is (server/http/notFound.ts).
 */
export function registerRoutePages(app: FastifyInstance, pages: readonly RoutePage[]): void {
  for (const page of pages) {
    app.get(page.path, async (request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('etag', page.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === page.etag || tag.trim() === '*')) {
        return reply.status(304).send();
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    });
  }
}
